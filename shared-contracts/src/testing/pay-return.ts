import { type PayReturn } from '../storage';

/** The PAY_RETURN the payment sheet stores before leaving for the pay page: order ord-7, Europe 5GB, €16.49. */
export function payReturn(overrides: Partial<PayReturn> = {}): PayReturn {
  return {
    id: 1,
    pay: 'stripe',
    iccid: '89880000000000000001',
    flag: '2',
    mode: 1,
    order_id: 'ord-7',
    name: 'Europe 5GB',
    amount: 1649,
    currency: 'EUR',
    at: 1,
    ...overrides,
  };
}
