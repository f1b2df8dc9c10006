import { type FastifyInstance } from 'fastify';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { defineCall, type CallRoute } from '../../http/calls';

interface CapRow {
  user_id: number | null;
  renewal_cap_amount: number | null;
  renewal_cap_currency: string | null;
}

/**
 * The monthly spending cap for auto-renewal of a card (beyond the spec): the renewal job never charges past it in a
 * calendar month (renewals.ts). Read and set by the card's owner only.
 */
export function renewalCapCalls(app: FastifyInstance): CallRoute[] {
  async function ownCard(iccid: string, userId: number): Promise<CapRow> {
    const card = await app.db.one<CapRow>(
      `SELECT user_id, renewal_cap_amount, renewal_cap_currency FROM cards WHERE iccid = $1`,
      [iccid],
    );
    if (!card) throw new ApiError(ERROR_CODES.CARD_NOT_FOUND);
    if (card.user_id !== userId) throw new ApiError(ERROR_CODES.FORBIDDEN);
    return card;
  }

  const answer = (row: Pick<CapRow, 'renewal_cap_amount' | 'renewal_cap_currency'>) => ({
    amount: row.renewal_cap_amount,
    ccy: row.renewal_cap_amount === null ? null : row.renewal_cap_currency,
  });

  return [
    defineCall('renewalCap', { auth: 'required' }, async ({ iccid }, { user }) => {
      if (!user) throw new ApiError(ERROR_CODES.TOKEN_INVALID);
      return answer(await ownCard(iccid, user.id));
    }),

    defineCall('setRenewalCap', { auth: 'required' }, async ({ iccid, amount, ccy }, { user }) => {
      if (!user) throw new ApiError(ERROR_CODES.TOKEN_INVALID);
      await ownCard(iccid, user.id);
      const row = await app.db.one<CapRow>(
        `UPDATE cards SET renewal_cap_amount = $2, renewal_cap_currency = $3 WHERE iccid = $1 AND user_id = $4
         RETURNING user_id, renewal_cap_amount, renewal_cap_currency`,
        [iccid, amount, amount === null ? null : ccy, user.id],
      );
      if (!row) throw new ApiError(ERROR_CODES.FORBIDDEN);
      return answer(row);
    }),
  ];
}
