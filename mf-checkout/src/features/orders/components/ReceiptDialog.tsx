import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getBus, SUCCESS_MESSAGES, validateOrderEmail, type ApiClient, type Language } from 'shared-contracts';
import { Button, Muted } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { Actions, ErrorLine, Field } from '../../../components/parts';
import { useRemoteTranslation } from '../../../lib/remote';

/**
 * "E-mail me the receipt" of one order (/send/email: id, email, lang). The address is checked by the e-mail rules
 * of spec section 5; an order without an id answers errorOrderId.
 */
export function ReceiptDialog({
  orderId,
  email,
  lang,
  client,
  onClose,
}: {
  orderId: string;
  email: string;
  lang: Language;
  client: ApiClient;
  onClose: () => void;
}) {
  const { t } = useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState(email);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const check = validateOrderEmail(orderId, value);
    if (!check.ok) {
      setError(check.error);
      return;
    }
    setError(null);
    setSending(true);
    const result = await client.call('sendEmail', { id: orderId, email: check.value, lang });
    setSending(false);
    if (!result.ok) return;
    getBus().publish('toast', { kind: 'success', messageKey: SUCCESS_MESSAGES.succOperation });
    onClose();
  };

  return (
    <Dialog title={t('receipt.title')} closeLabel={t('sheet.close')} onClose={onClose} testId="receipt-dialog">
      <form onSubmit={(event) => void send(event)} noValidate>
        <Muted>{t('receipt.body', { id: orderId })}</Muted>
        <Field style={{ marginBlock: 16 }}>
          <label htmlFor={inputId}>{t('receipt.email')}</label>
          <input
            id={inputId}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            data-testid="receipt-email"
          />
          {error && (
            <ErrorLine id={errorId} role="alert" data-testid="receipt-error">
              {tc(error)}
            </ErrorLine>
          )}
        </Field>
        <Actions>
          <Button type="button" $variant="secondary" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" disabled={sending} aria-busy={sending} data-testid="receipt-send">
            {sending ? t('receipt.sending') : t('receipt.send')}
          </Button>
        </Actions>
      </form>
    </Dialog>
  );
}
