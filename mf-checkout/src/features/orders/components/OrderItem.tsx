import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { formatPrice, type OrderRecord, type OrderStatus } from 'shared-contracts';
import { Button, Card } from 'shared-contracts/ui';
import { Pairs } from '../../../components/parts';
import { useRemoteTranslation } from '../../../lib/remote';

const Item = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.lg};
  }
`;

const Amount = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.xl};
  font-weight: 700;
  small {
    margin-inline-start: ${({ theme }) => theme.space.sm};
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.sm};
    font-weight: 400;
  }
`;

// Dark text on a light tint per status: WCAG AA in every case.
const TONES: Record<OrderStatus, { color: string; background: string }> = {
  paid: { color: '#047A3D', background: '#E7F8EE' },
  pending: { color: '#7A4A00', background: '#FFF3D6' },
  cancelled: { color: '#3D434A', background: '#ECEEF1' },
  failed: { color: '#B42318', background: '#FDECEC' },
};

const Badge = styled.span<{ $status: OrderStatus }>`
  padding: 2px ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  color: ${({ $status }) => TONES[$status].color};
  background: ${({ $status }) => TONES[$status].background};
  font-size: ${({ theme }) => theme.font.sm};
  font-weight: 600;
`;

function formatWhen(seconds: number, lang: string): string {
  const date = new Date(seconds * 1000);
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString().slice(0, 16).replace('T', ' ');
  }
}

const Buttons = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

/** What the buyer can do with an order, by its status. */
export interface OrderActions {
  onReceipt: (order: OrderRecord) => void;
  /** Waiting for payment: back to its pay page (or a new one for the same package). */
  onContinue: (order: OrderRecord) => void;
  /** Waiting for payment: cancel it (asks first). */
  onCancel: (order: OrderRecord) => void;
  /** The payment failed: the same package again. */
  onRetry: (order: OrderRecord) => void;
}

/** The button that leaves for the pay page (continue a waiting order, pay a failed one again): "Opening…" meanwhile. */
function PayButton({
  busy,
  describedBy,
  onClick,
  testId,
  children,
}: {
  busy?: boolean;
  /** The order's heading: the button's name is what it says (speech input), the order its description. */
  describedBy: string;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useRemoteTranslation();
  return (
    <Button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || undefined}
      aria-describedby={describedBy}
      data-testid={testId}
    >
      {busy ? t('orders.opening') : children}
    </Button>
  );
}

/**
 * One order: package, status, amount in the order's own currency (tax included, said when there is some), date,
 * order number, the method (paid with it, or chosen for an unpaid one; none for a cancelled order), the card (when
 * the list spans cards) and what can be done: the receipt once paid, Continue payment or Cancel order while it waits
 * for payment, Try again after a failed payment.
 */
export function OrderItem({
  order,
  lang,
  showCard,
  busy = false,
  onReceipt,
  onContinue,
  onCancel,
  onRetry,
}: {
  order: OrderRecord;
  lang: string;
  showCard: boolean;
  /** An action of this order is under way (the page is about to leave for the pay page). */
  busy?: boolean;
} & OrderActions) {
  const { t } = useRemoteTranslation();
  // What was charged: the record's amount is before tax.
  const amount = formatPrice(order.amount + order.tax, order.currency, { lang }) ?? t('sheet.free');
  const tax = order.tax > 0 ? formatPrice(order.tax, order.currency, { lang }) : null;
  const headingId = useId();
  // Paid with (also a refunded or disputed payment: it was paid); the chosen method of an unpaid one; a cancelled
  // order took no payment and names none.
  const paidWith = order.status === 'paid' || order.refunded === true;
  const methodLabel = paidWith ? t('orders.method') : order.status === 'cancelled' ? null : t('sheet.method');
  const canRetry = order.status === 'failed' && !order.refunded && !order.disputed;
  return (
    <Item as="li" aria-labelledby={headingId} data-testid="order" data-status={order.status}>
      <Head>
        <h2 id={headingId}>
          <bdi>{order.name}</bdi>
        </h2>
        <Badge
          $status={order.status}
          data-testid="order-status"
          data-refunded={order.refunded || undefined}
          data-disputed={order.disputed || undefined}
        >
          {order.refunded
            ? t('orders.status.refunded')
            : order.disputed
              ? t('orders.status.disputed')
              : t(`orders.status.${order.status}`)}
        </Badge>
      </Head>
      <Amount data-testid="order-amount">
        <bdi>{amount}</bdi>
        {tax && <small>{t('orders.taxIncluded', { tax })}</small>}
      </Amount>
      <Pairs>
        <dt>{t('orders.date')}</dt>
        <dd data-testid="order-date">{formatWhen(order.create, lang)}</dd>
        <dt>{t('orders.order')}</dt>
        <dd dir="ltr" data-testid="order-id">
          {order.order_id}
        </dd>
        {methodLabel && (
          <>
            <dt>{methodLabel}</dt>
            <dd data-testid="order-method">{order.pay === 'paypal' ? 'PayPal' : t('sheet.methodCard')}</dd>
          </>
        )}
        {order.renewal && (
          <>
            <dt>{t('orders.renewal')}</dt>
            <dd>{t('confirm.renewalOn')}</dd>
          </>
        )}
        {showCard && order.iccid && (
          <>
            <dt>{t('orders.card')}</dt>
            <dd dir="ltr">{order.iccid}</dd>
          </>
        )}
      </Pairs>
      {order.status === 'paid' && (
        <Button
          type="button"
          $variant="secondary"
          onClick={() => onReceipt(order)}
          // Its name is what it says (speech input); the order it is for is its description.
          aria-describedby={headingId}
          data-testid="order-receipt"
        >
          {t('orders.receipt')}
        </Button>
      )}
      {order.status === 'pending' && (
        <Buttons>
          <PayButton busy={busy} describedBy={headingId} onClick={() => onContinue(order)} testId="order-continue">
            {t('orders.continue')}
          </PayButton>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => onCancel(order)}
            disabled={busy}
            aria-describedby={headingId}
            data-testid="order-cancel"
          >
            {t('orders.cancel')}
          </Button>
        </Buttons>
      )}
      {canRetry && (
        <PayButton busy={busy} describedBy={headingId} onClick={() => onRetry(order)} testId="order-retry">
          {t('orders.payAgain')}
        </PayButton>
      )}
    </Item>
  );
}
