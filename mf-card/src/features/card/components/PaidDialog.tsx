import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { formatPrice } from 'shared-contracts';
import { Button, Muted, WidgetAmounts } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { useRemoteTranslation } from '../../../lib/remote';
import { moreText } from '../../../lib/text-more';
import { usePayReturn, type PaidReturn } from '../hooks/use-pay-return';

const Order = styled(WidgetAmounts)`
  grid-template-columns: auto 1fr;
  dd {
    overflow-wrap: anywhere;
  }
`;

/**
 * returnType=suc: the 'Payment successful' dialog. It asks /pay/search about the order (the provider's word is not
 * proof: the order is paid only from a verified provider event), names it (package, amount, order number), offers
 * to e-mail the receipt, and has the card reloaded once it is paid. A failed or cancelled order says so instead.
 */
export default function PaidDialog({
  iccid,
  paid,
  lang,
  onClose,
  onEmail,
  onPaid,
}: {
  iccid: string;
  paid: PaidReturn;
  lang: string;
  onClose: () => void;
  onEmail: (orderId: string) => void;
  /** The order is paid: the card page loads the card again (its new package). */
  onPaid: () => void;
}) {
  const { t } = useRemoteTranslation();
  const { t: tm } = moreText.useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  const { status, order } = usePayReturn(iccid, paid, onPaid);
  const orderId = paid.orderId ?? '';
  const amount = order.amount !== null && order.currency ? formatPrice(order.amount, order.currency, { lang }) : null;
  const ended = status === 'failed' || status === 'cancelled';
  const title =
    status === 'failed'
      ? tm('paid.failedTitle')
      : status === 'cancelled'
        ? tm('paid.cancelledTitle')
        : tc('paymentSuccessful');
  const line =
    status === 'checking'
      ? tm('paid.checking')
      : status === 'pending'
        ? tm('paid.pending')
        : status === 'paid'
          ? tm('paid.done')
          : status === 'failed'
            ? tm('paid.failed')
            : status === 'cancelled'
              ? tm('paid.cancelled')
              : tm('paid.unknown');
  return (
    <Dialog title={title} closeLabel={t('dialog.close')} onClose={onClose} testId="paid-dialog">
      <Muted role="status" data-testid="paid-status" data-status={status}>
        {line}
      </Muted>
      {(order.name || amount || orderId) && !ended && (
        <Order data-testid="paid-order">
          {order.name && (
            <>
              <dt>{tm('paid.package')}</dt>
              <dd data-testid="paid-package">
                <bdi>{order.name}</bdi>
              </dd>
            </>
          )}
          {amount && (
            <>
              <dt>{tm('paid.amount')}</dt>
              <dd data-testid="paid-amount">
                <bdi>{amount}</bdi>
              </dd>
            </>
          )}
          {orderId && (
            <>
              <dt>{tm('paid.order')}</dt>
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
      {!ended && (
        <Button type="button" $variant="secondary" data-testid="paid-email" onClick={() => onEmail(orderId)}>
          {t('dialog.emailReceipt')}
        </Button>
      )}
    </Dialog>
  );
}
