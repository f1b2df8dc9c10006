import { type FastifyInstance } from 'fastify';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { defineCall, type CallRoute } from '../../http/calls';
import { toCard } from './view';

export function cardCalls(app: FastifyInstance): CallRoute[] {
  async function cardOrThrow(iccid: string) {
    const card = await app.cards.findCard(iccid);
    if (!card) throw new ApiError(ERROR_CODES.CARD_NOT_FOUND);
    return card;
  }

  return [
    // The page opens on the default flag and moves to the flag of the card's agent.
    defineCall('checkCard', { auth: 'optional' }, async ({ iccid }) => {
      const card = await cardOrThrow(iccid);
      return { flag: card.agent_flag, iccid: card.iccid };
    }),

    defineCall('getAgent', { auth: 'none' }, async ({ iccid }) => {
      const card = await cardOrThrow(iccid);
      const agent = await app.cards.findAgent(card.agent_flag);
      if (!agent) throw new ApiError(ERROR_CODES.FLAG_INVALID);
      return { flag: agent.flag, paypal: agent.paypal, ccy: agent.ccy, lang: agent.lang };
    }),

    defineCall('getCard', { auth: 'optional' }, async ({ iccid }, { user }) => {
      return toCard(await cardOrThrow(iccid), user);
    }),

    // Reload: the URL's flag must be a known agent (10103) and the card's own (10101); both send the page back
    // to the default flag, where checkCard finds the right one.
    defineCall('refresh', { auth: 'optional' }, async ({ flag, iccid }, { user }) => {
      const agent = await app.cards.findAgent(flag);
      if (!agent) throw new ApiError(ERROR_CODES.FLAG_INVALID);
      const card = await cardOrThrow(iccid);
      if (card.agent_flag !== agent.flag) throw new ApiError(ERROR_CODES.CARD_OTHER_AGENT);
      return toCard(card, user);
    }),
  ];
}
