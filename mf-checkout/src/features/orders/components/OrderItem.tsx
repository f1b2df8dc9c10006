import { useId } from 'react';
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

/**
 * One order: package, status, amount in the order's own currency (tax included, said when there is some), date,
 * order number, method, the card (when the list spans cards) and, once paid, the receipt e-mail action.
 */
export function OrderItem({
  order,
  lang,
  showCard,
  onReceipt,
}: {
  order: OrderRecord;
  lang: string;
  showCard: boolean;
  onReceipt: (order: OrderRecord) => void;
}) {
  const { t } = useRemoteTranslation();
  // What was charged: the record's amount is before tax.
  const amount = formatPrice(order.amount + order.tax, order.currency, { lang }) ?? t('sheet.free');
  const tax = order.tax > 0 ? formatPrice(order.tax, order.currency, { lang }) : null;
  const headingId = useId();
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
        <dt>{t('orders.method')}</dt>
        <dd>{order.pay === 'paypal' ? 'PayPal' : t('sheet.methodCard')}</dd>
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
    </Item>
  );
}
