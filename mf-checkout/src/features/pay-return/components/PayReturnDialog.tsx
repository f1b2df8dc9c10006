import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useState } from 'react';
import { formatPrice, getStorage, normalizeLanguage, STORAGE_KEYS, type PayReturnProps } from 'shared-contracts';
import { Button, Muted, WidgetAmounts } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { useRemoteTranslation } from '../../../lib/remote';
import { getApiClient } from '../../../lib/api-client';
import { ReceiptDialog } from '../../../components/ReceiptDialog';
import { usePayReturn, type PayReturnStatus } from '../hooks/use-pay-return';

const Order = styled(WidgetAmounts)`
  grid-template-columns: auto 1fr;
  dd {
    overflow-wrap: anywhere;
  }
`;

const LINES: Record<PayReturnStatus, string> = {
  checking: 'paid.checking',
  pending: 'paid.pending',
  paid: 'paid.done',
  failed: 'paid.failed',
  cancelled: 'paid.cancelled',
  unknown: 'paid.unknown',
};

/**
 * mf_checkout/PayReturn (ARCHITECTURE: mf-checkout owns the return handling), shown by the card page on
 * returnType=suc. It asks /pay/search about the order (the provider's word is not proof: the order is paid only
 * from a verified provider event), names it (package, amount, order number), offers to e-mail the receipt, and has
 * the card reloaded once it is paid. A failed or cancelled order says so instead.
 */
export default function PayReturnDialog({ iccid, orderId, stored, lang, onClose, onEmail, onPaid }: PayReturnProps) {
  const { t } = useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  const language = normalizeLanguage(lang);
  const { status, order } = usePayReturn(iccid, orderId, stored, language, onPaid);
  // Without the page's own e-mail dialog, the receipt is asked for here.
  const [receipt, setReceipt] = useState(false);
  const amount = order.amount !== null && order.currency ? formatPrice(order.amount, order.currency, { lang }) : null;
  const ended = status === 'failed' || status === 'cancelled';
  const title =
    status === 'failed'
      ? t('paid.failedTitle')
      : status === 'cancelled'
        ? t('paid.cancelledTitle')
        : tc('paymentSuccessful');
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
      <Muted role="status" data-testid="paid-status" data-status={status}>
        {t(status === 'paid' && !iccid ? 'paid.doneProfile' : LINES[status])}
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
      <Button type="button" onClick={onClose}>
        {t('dialog.ok')}
      </Button>
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
