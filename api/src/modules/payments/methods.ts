import { type FastifyInstance } from 'fastify';
import { type CallData } from '../../http/calls';
import { defineCall, type CallRoute } from '../../http/calls';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { toEpochSeconds } from '../../lib/format';
import { OTHER_ACCOUNT } from '../cards/routes';
import { type PaymentMethodRow } from './repository';
import { PROVIDER_NAMES, type ProviderName } from './providers/types';

/** The refusal of a method id nobody saved. */
export const METHOD_NOT_FOUND = 'payment method not found';

type PaymentMethod = CallData<'getPaymentMethods'>['list'][number];

/**
 * One saved method as its payer sees it: what it is (provider, card or PayPal, the card's brand, last digits and
 * expiry when the provider told them), when it was saved and which of the payer's cards or pools it renews.
 */
export function toPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  const provider: ProviderName = PROVIDER_NAMES.find((name) => name === row.provider) ?? 'sandbox';
  return {
    id: Number(row.id),
    provider,
    pay: row.pay_method ?? (provider === 'paypal' ? 'paypal' : 'stripe'),
    brand: row.brand,
    last4: row.last4,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    create: toEpochSeconds(row.created_at) ?? 0,
    renews: [
      ...(row.iccid ? [{ iccid: row.iccid, name: row.card_name }] : []),
      ...(row.pool_object_id ? [{ pool_object_id: row.pool_object_id, name: row.pool_name }] : []),
    ],
  };
}

/**
 * A payer's saved payment methods (issue 23): an account lists and deletes its own, never anyone else's. A deleted
 * method is charged no more: a renewal that would have used it mails its payer a pay link. The provider keeps its
 * own record of the card (a Stripe customer, a PayPal vault); we only stop using it.
 */
export function paymentMethodCalls(app: FastifyInstance): CallRoute[] {
  const repo = app.payments.repository;
  return [
    defineCall('getPaymentMethods', { auth: 'required' }, async (_body, { user }) => ({
      list: (await repo.paymentMethodsOf(user.id)).map(toPaymentMethod),
    })),

    // Unknown 10025; another payer's (an account's or a visitor's) 10024, as for another account's card.
    defineCall('deletePaymentMethod', { auth: 'required' }, async ({ id }, { user }) => {
      const result = await repo.deletePaymentMethod(id, user.id);
      if (result === 'missing') throw new ApiError(ERROR_CODES.NOT_FOUND, METHOD_NOT_FOUND);
      if (result === 'other') throw new ApiError(ERROR_CODES.FORBIDDEN, OTHER_ACCOUNT);
      return null;
    }),
  ];
}
