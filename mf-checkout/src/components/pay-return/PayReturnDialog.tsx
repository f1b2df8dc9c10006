import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useState } from 'react';
import { formatPrice, getStorage, normalizeLanguage, STORAGE_KEYS, type PayReturnProps } from 'shared-contracts';
import { Button, ErrorLine, Muted, WidgetAmounts } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { useRemoteTranslation } from '../../lib/remote';
import { getApiClient } from '../../lib/api-client';
import { payAgain } from '../../lib/pay-again';
import { ReceiptDialog } from '../ReceiptDialog';
import { usePayReturn, type PayReturnStatus } from './use-pay-return';

const Order = styled(WidgetAmounts)`
  grid-template-columns: auto 1fr;
  dd {
    overflow-wrap: anywhere;
  }
`;

/** What the dialog says: the api's status, or 'declined' after a decline until the api says otherwise. */
type Shown = PayReturnStatus | 'declined';

const LINES: Record<Shown, string> = {
  checking: 'paid.checking',
  pending: 'paid.pending',
  paid: 'paid.done',
  failed: 'paid.failed',
  cancelled: 'paid.cancelled',
  unknown: 'paid.unknown',
  declined: 'paid.declined',
};

/**
 * mf_checkout/PayReturn (ARCHITECTURE: mf-checkout owns the return handling), shown by the card page (and the eSIM
 * slot's and the order records' pages) when the provider sends the browser back: returnType=suc, or fail after a
 * declined payment. It asks /pay/search about the order (the provider's word is not proof: the order is paid only
 * from a verified provider event), names it (package, amount, order number), offers to e-mail the receipt, and has
 * the card reloaded once it is paid. A declined or failed payment says so (nothing was charged) and offers one tap
 * to try again: the same package, on a new pay page (payResume); a cancelled order says it was cancelled.
 */
export default function PayReturnDialog({
  iccid,
  orderId,
  stored,
  lang,
  onClose,
  onEmail,
  onPaid,
  returnType,
}: PayReturnProps) {
  const { t } = useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  const language = normalizeLanguage(lang);
  const { status, order, recheck } = usePayReturn(iccid, orderId, stored, language, onPaid);
  // Without the page's own e-mail dialog, the receipt is asked for here.
  const [receipt, setReceipt] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);
  const amount = order.amount !== null && order.currency ? formatPrice(order.amount, order.currency, { lang }) : null;
  // The provider said declined: so the dialog says, unless the api knows better (paid after all, cancelled).
  const shown: Shown = returnType === 'fail' && status !== 'paid' && status !== 'cancelled' ? 'declined' : status;
  const ended = shown === 'failed' || shown === 'cancelled' || shown === 'declined';
  const canRetry = (shown === 'failed' || shown === 'declined') && orderId !== null;
  const title =
    shown === 'declined'
      ? t('paid.declinedTitle')
      : shown === 'failed'
        ? t('paid.failedTitle')
        : shown === 'cancelled'
          ? t('paid.cancelledTitle')
          : tc('paymentSuccessful');

  const retry = async () => {
    if (!orderId || retrying) return;
    setRetrying(true);
    setRetryError(null);
    const result = await payAgain(getApiClient(), orderId, iccid || null);
    if (result.kind === 'leaving') return;
    setRetrying(false);
    if (result.kind === 'paid') recheck();
    else setRetryError(result.message);
  };

  if (receipt && orderId) {
    return (
      <ReceiptDialog
        orderId={orderId}
        email={getStorage().get(STORAGE_KEYS.USER_EMAIL) ?? ''}
        lang={language}
        client={getApiClient()}
        onClose={() => setReceipt(false)}
      />
    );
  }
  return (
    <Dialog title={title} closeLabel={t('sheet.close')} onClose={onClose} testId="paid-dialog">
      <Muted role="status" data-testid="paid-status" data-status={status} data-shown={shown}>
        {t(status === 'paid' && !iccid ? 'paid.doneProfile' : LINES[shown])}
      </Muted>
      {(order.name || amount || orderId) && !ended && (
        <Order data-testid="paid-order">
          {order.name && (
            <>
              <dt>{t('paid.package')}</dt>
              <dd data-testid="paid-package">
                <bdi>{order.name}</bdi>
              </dd>
            </>
          )}
          {amount && (
            <>
              <dt>{t('paid.amount')}</dt>
              <dd data-testid="paid-amount">
                <bdi>{amount}</bdi>
              </dd>
            </>
          )}
          {orderId && (
            <>
              <dt>{t('paid.order')}</dt>
              <dd dir="ltr" data-testid="paid-order-id">
                {orderId}
              </dd>
            </>
          )}
        </Order>
      )}
      {retryError && (
        <ErrorLine role="alert" data-testid="paid-retry-error">
          {tc(retryError)}
        </ErrorLine>
      )}
      {canRetry ? (
        <>
          <Button
            type="button"
            onClick={() => void retry()}
            disabled={retrying}
            aria-busy={retrying || undefined}
            data-testid="paid-retry"
          >
            {retrying ? t('paid.retrying') : t('paid.tryAgain')}
          </Button>
          <Button type="button" $variant="secondary" onClick={onClose} data-testid="paid-close">
            {t('sheet.close')}
          </Button>
        </>
      ) : (
        <Button type="button" onClick={onClose}>
          {t('dialog.ok')}
        </Button>
      )}
      {!ended && (onEmail || orderId) && (
        <Button
          type="button"
          $variant="secondary"
          data-testid="paid-email"
          onClick={() => (onEmail ? onEmail(orderId ?? '') : setReceipt(true))}
        >
          {t('orders.receipt')}
        </Button>
      )}
    </Dialog>
  );
}
