import { type OrderRecord, type OrderStatus as WireStatus } from 'shared-contracts/schemas';
import { toEpochSeconds } from '../../lib/format';
import { type OrderListRow, type OrderStatus } from './repository';

/**
 * The four states the screens know: an order is 'paid' once fulfilled (one transaction does both), 'pending' until a
 * verified provider event says otherwise; a refund is 'failed' with refunded: true (screens that predate the flag
 * still say the payment did not go through, which is what the buyer's money says).
 */
export function wireStatus(status: OrderStatus): WireStatus {
  switch (status) {
    case 'paid':
    case 'fulfilled':
      return 'paid';
    case 'cancelled':
      return 'cancelled';
    case 'failed':
    case 'refunded':
      return 'failed';
    default:
      return 'pending';
  }
}

/** One line of the order records: amount before tax and the tax, in minor units of the order's currency. */
export function toOrderRecord(row: OrderListRow): OrderRecord {
  return {
    order_id: String(row.id),
    iccid: row.iccid ?? '',
    name: row.name,
    amount: row.amount,
    tax: row.tax_amount,
    currency: row.currency,
    pay: row.pay_method ?? 'stripe',
    status: wireStatus(row.status),
    ...(row.status === 'refunded' ? { refunded: true } : {}),
    ...(row.disputed ? { disputed: true } : {}),
    renewal: row.renewal,
    create: toEpochSeconds(row.created_at) ?? 0,
  };
}

/** Order ids travel as decimal strings (the wire, providers' metadata); anything else is no order. */
export function parseOrderId(raw: unknown): number | null {
  const text = typeof raw === 'string' ? raw.trim() : '';
  return /^\d{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}
