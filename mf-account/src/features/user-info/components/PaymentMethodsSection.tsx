import { useMemo, useState } from 'react';
import { getBus, normalizeLanguage, type ApiClient } from 'shared-contracts';
import { Button, MessageCard, Muted } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import styled from 'styled-components';
import { ProblemLine } from '../../../components/ProblemLine';
import { Row } from '../../../components/form-styles';
import { useOutcome } from '../../../lib/problem';
import { useRemoteTranslation } from '../../../lib/remote';
import { type PaymentMethod } from '../api/payment-methods';
import { usePaymentMethods } from '../hooks/use-payment-methods';
import { Section } from './EmailSection';
import { methodLabel } from './payment-method-label';
import { PaymentMethodItem } from './PaymentMethodItem';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

/**
 * The payment methods the account saved for auto-renewal: each with what it renews and a Delete button that asks
 * first (like logging out everywhere). A deleted method is charged no more; its renewals mail a pay link instead.
 */
export function PaymentMethodsSection({ client }: { client: ApiClient }) {
  const { t, i18n } = useRemoteTranslation();
  const lang = normalizeLanguage(i18n.language);
  const { state, reload, remove } = usePaymentMethods(client);
  const [confirming, setConfirming] = useState<PaymentMethod | null>(null);
  const deletion = useOutcome();
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }), [lang]);
  const listFormat = useMemo(() => new Intl.ListFormat(lang, { type: 'conjunction' }), [lang]);

  const ask = (method: PaymentMethod) => {
    deletion.setProblem(null);
    setConfirming(method);
  };

  const confirmDelete = async () => {
    if (!confirming) return;
    const method = confirming;
    const done = await deletion.run(() => remove(method.id));
    if (!done) return;
    setConfirming(null);
    getBus().publish('toast', {
      kind: 'success',
      messageKey: 'account:paymentMethods.deleted',
      values: { method: methodLabel(method, t) },
    });
  };

  let body;
  if (state.status === 'loading') {
    body = (
      <Muted role="status" aria-busy="true" data-testid="payment-methods-loading">
        {t('paymentMethods.loading')}
      </Muted>
    );
  } else if (state.status === 'error') {
    body = (
      <MessageCard role="alert" data-testid="payment-methods-error">
        <p>{t('paymentMethods.error')}</p>
        <Button type="button" onClick={() => void reload()}>
          {t('userInfo.retry')}
        </Button>
      </MessageCard>
    );
  } else if (state.list.length === 0) {
    body = <Muted data-testid="payment-methods-empty">{t('paymentMethods.empty')}</Muted>;
  } else {
    body = (
      <List data-testid="payment-methods-list">
        {state.list.map((method) => (
          <PaymentMethodItem
            key={method.id}
            method={method}
            dateFormat={dateFormat}
            listFormat={listFormat}
            onDelete={ask}
          />
        ))}
      </List>
    );
  }

  return (
    <Section aria-labelledby="account-payment-methods-title" data-testid="account-payment-methods">
      <h2 id="account-payment-methods-title">{t('paymentMethods.title')}</h2>
      <Muted>{t('paymentMethods.hint')}</Muted>
      {body}
      <Dialog
        open={confirming !== null}
        title={t('paymentMethods.confirmTitle')}
        closeLabel={t('userInfo.close')}
        onClose={() => setConfirming(null)}
        testId="payment-method-delete-dialog"
      >
        <p>
          <bdi>{confirming ? methodLabel(confirming, t) : ''}</bdi>
        </p>
        <Muted>{t('paymentMethods.confirmText')}</Muted>
        <ProblemLine problem={deletion.problem} testId="payment-method-delete-problem" />
        <Row>
          <Button type="button" $variant="secondary" onClick={() => setConfirming(null)}>
            {t('userInfo.cancel')}
          </Button>
          <Button
            type="button"
            disabled={deletion.busy}
            onClick={() => void confirmDelete()}
            data-testid="payment-method-delete-confirm"
          >
            {t('paymentMethods.delete')}
          </Button>
        </Row>
      </Dialog>
    </Section>
  );
}
