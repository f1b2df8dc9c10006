import { type FastifyInstance } from 'fastify';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { defineCall, type CallRoute } from '../../http/calls';
import { type SessionUser } from '../users/repository';
import { OTHER_ACCOUNT } from '../cards/routes';
import { type RenewalCapRow } from './repository';

export const CAP_CURRENCY = 'the limit must be in a currency this card pays in';

/** The wire form: no currency without an amount. */
function toCap(row: RenewalCapRow) {
  return {
    amount: row.renewal_cap_amount,
    ccy: row.renewal_cap_amount === null ? null : row.renewal_cap_currency,
  };
}

/**
 * The monthly spending cap for auto-renewal of a card (beyond the spec): the renewal job never charges past it in a
 * calendar month (renewals.ts). Read and set by the card's owner only: unknown card 10102, anyone else 10024.
 */
export function renewalCapCalls(app: FastifyInstance): CallRoute[] {
  const repo = app.payments.repository;

  async function ownCap(iccid: string, user: SessionUser): Promise<RenewalCapRow> {
    const row = await repo.renewalCapOf(iccid);
    if (!row) throw new ApiError(ERROR_CODES.CARD_NOT_FOUND);
    if (row.user_id !== user.id) throw new ApiError(ERROR_CODES.FORBIDDEN, OTHER_ACCOUNT);
    return row;
  }

  return [
    defineCall('renewalCap', { auth: 'required' }, async ({ iccid }, { user }) => toCap(await ownCap(iccid, user))),

    defineCall('setRenewalCap', { auth: 'required' }, async ({ iccid, amount, ccy }, { user }) => {
      await ownCap(iccid, user);
      // A cap in a currency the card never pays in would never apply: say so instead of keeping it.
      if (amount !== null) {
        const currencies = await repo.cardCurrencies(iccid);
        if (!currencies.includes(ccy)) {
          throw new ApiError(ERROR_CODES.PARAM_ERROR, `${CAP_CURRENCY} (${currencies.join(', ')})`, 400);
        }
      }
      // The card changed hands between the check and the write: as if it had been another's all along.
      const row = await repo.setRenewalCap(iccid, user.id, amount, ccy);
      if (!row) throw new ApiError(ERROR_CODES.FORBIDDEN, OTHER_ACCOUNT);
      return toCap(row);
    }),
  ];
}
