import { type FastifyInstance } from 'fastify';
import { formatPrice, MAX_UNLOCKS, validateEmail } from 'shared-contracts';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { defineCall, type CallRoute } from '../../http/calls';
import { sendLogged } from '../../mail';
import { type SessionUser } from '../users/repository';
import { type CardRow, type OrderMailRow } from './repository';
import { toCard, toListCard, toPool, toRecordGroups, toSlot } from './view';

/** Refusal of a card, slot or order of another account (never says whose). */
export const OTHER_ACCOUNT = 'this belongs to another account';
export const NOT_YOURS_VISITOR = 'log in with the account this belongs to';
export const CARD_TAKEN = 'this card is already bound to another account';
export const SLOT_TAKEN = 'this eSIM slot is already bound to another account';
export const SLOT_NOT_FOUND = 'eSIM slot not found';
/** The client's message key for a missing or unknown order id. */
export const ERROR_ORDER_ID = 'errorOrderId';

/**
 * Who may act on a card from the card page: anyone with the ICCID while no account owns it (spec section 6, a
 * visitor with the ICCID), only its owner once it is bound. Another account (or a visitor) gets 10024.
 */
export function assertCardAccess(card: Pick<CardRow, 'user_id'>, user: SessionUser | null): void {
  if (card.user_id === null) return;
  if (user && card.user_id === user.id) return;
  throw new ApiError(ERROR_CODES.FORBIDDEN, user ? OTHER_ACCOUNT : NOT_YOURS_VISITOR);
}

/** The e-mail rules of spec section 5 on the server too (10002 with the client's message key). */
function checkedEmail(raw: string): string {
  const check = validateEmail(raw);
  if (!check.ok) throw new ApiError(ERROR_CODES.PARAM_ERROR, check.error, 400);
  return check.value.toLowerCase();
}

function orderMail(order: OrderMailRow, to: string) {
  const price = formatPrice(order.amount, order.currency) ?? `0 ${order.currency}`;
  const tax = formatPrice(order.tax_amount, order.currency);
  const subject = `Your eSIM Shop order #${order.id}`;
  const text = [
    `Order #${order.id} of ${order.created_at.toISOString().slice(0, 10)}`,
    '',
    `Package: ${order.package_name}`,
    ...(order.iccid ? [`Card (ICCID): ${order.iccid}`] : []),
    `Amount: ${price}${tax ? ` (tax ${tax})` : ''}`,
    `Auto-renew: ${order.renewal ? 'on' : 'off'}`,
    `Status: ${order.status}`,
    '',
    'Keep this e-mail for your records. Open your card page to see its data and packages.',
  ].join('\n');
  return { to, subject, text, template: 'order' };
}

export function cardCalls(app: FastifyInstance): CallRoute[] {
  async function cardOrThrow(iccid: string) {
    const card = await app.cards.findCard(iccid);
    if (!card) throw new ApiError(ERROR_CODES.CARD_NOT_FOUND);
    return card;
  }

  // The card page's read-only calls: the card's row from memory until the data changes (repository.pageCard).
  async function pageCardOrThrow(iccid: string) {
    const card = await app.cards.pageCard(iccid);
    if (!card) throw new ApiError(ERROR_CODES.CARD_NOT_FOUND);
    return card;
  }

  async function accessibleCard(iccid: string, user: SessionUser | null) {
    const card = await cardOrThrow(iccid);
    assertCardAccess(card, user);
    return card;
  }

  async function ownCard(iccid: string, user: SessionUser) {
    const card = await cardOrThrow(iccid);
    if (card.user_id !== user.id) throw new ApiError(ERROR_CODES.FORBIDDEN, OTHER_ACCOUNT);
    return card;
  }

  async function accessibleSlot(eid: string, user: SessionUser | null) {
    const slot = await app.cards.findSlot(eid);
    if (!slot) throw new ApiError(ERROR_CODES.NOT_FOUND, SLOT_NOT_FOUND);
    if (slot.user_id !== null && slot.user_id !== user?.id) {
      throw new ApiError(ERROR_CODES.FORBIDDEN, user ? OTHER_ACCOUNT : NOT_YOURS_VISITOR);
    }
    return slot;
  }

  return [
    // The page opens on the default flag and moves to the flag of the card's agent.
    defineCall('checkCard', { auth: 'optional' }, async ({ iccid }) => {
      const card = await pageCardOrThrow(iccid);
      return { flag: card.agent_flag, iccid: card.iccid };
    }),

    defineCall('getAgent', { auth: 'none' }, async ({ iccid }) => {
      const card = await pageCardOrThrow(iccid);
      const agent = await app.cards.pageAgent(card.agent_flag);
      if (!agent) throw new ApiError(ERROR_CODES.FLAG_INVALID);
      // PayPal is offered only where a payment can finish: PayPal configured, or (outside production) the sandbox
      // playing it; a production start without PayPal shows no PayPal button.
      const { providers } = app.payments;
      const paypal = agent.paypal && Boolean(providers.paypal ?? providers.sandbox);
      return { flag: agent.flag, paypal, ccy: agent.ccy, lang: agent.lang };
    }),

    defineCall('getCard', { auth: 'optional' }, async ({ iccid }, { user }) => {
      return toCard(await pageCardOrThrow(iccid), user);
    }),

    // Reload: the URL's flag must be a known agent (10103) and the card's own (10101); both send the page back
    // to the default flag, where checkCard finds the right one.
    // Then the network is asked for fresh figures (at most once a minute per card: REFRESH_MIN_SECONDS); when it
    // cannot be reached the stored figures are answered, with the time they were measured (usage_updated_at).
    defineCall('refresh', { auth: 'optional' }, async ({ flag, iccid }, { user, request }) => {
      const agent = await app.cards.pageAgent(flag);
      if (!agent) throw new ApiError(ERROR_CODES.FLAG_INVALID);
      const card = await pageCardOrThrow(iccid);
      if (card.agent_flag !== agent.flag) throw new ApiError(ERROR_CODES.CARD_OTHER_AGENT);
      if (card.is_third_party) return toCard(card, user);
      const asked = await app.connectivity.refresh(iccid).catch((error: unknown) => {
        request.log.warn({ err: error, iccid }, 'network not reached on refresh; answering stored figures');
        return false;
      });
      return toCard(asked ? await cardOrThrow(iccid) : card, user);
    }),

    // ---- card list screen: the caller's own things only -----------------------------------------------------

    defineCall('getCardList', { auth: 'required' }, async (_body, { user: me }) => {
      const { cards, slots, pools } = await app.cards.listForUser(me.id);
      const now = Date.now();
      return {
        card: cards.filter((row) => row.card_kind === 1).map((row) => toListCard(row, now)),
        esim: cards.filter((row) => row.card_kind === 2).map((row) => toListCard(row, now)),
        eid: slots.map(toSlot),
        pool: pools.map((row) => toPool(row, now)),
      };
    }),

    defineCall('getUnbindList', { auth: 'required' }, async (_body, { user }) => {
      return { list: await app.cards.listUnbound(user) };
    }),

    // Unknown 10102; bound to another account 10024 (CARD_TAKEN); already the caller's: success (idempotent).
    defineCall('bindCard', { auth: 'required' }, async ({ iccid }, { user: me }) => {
      const result = await app.cards.bindCard(app.db, iccid, me);
      if (result === 'missing') throw new ApiError(ERROR_CODES.CARD_NOT_FOUND);
      if (result === 'taken') throw new ApiError(ERROR_CODES.FORBIDDEN, CARD_TAKEN);
      return null;
    }),

    // All or nothing: the first unknown or taken ICCID fails the batch (its code, the ICCID in the message).
    defineCall('bindCardList', { auth: 'required' }, async ({ iccids }, { user: me }) => {
      const unique = [...new Set(iccids)];
      if (unique.length === 0) return null;
      await app.db.tx(async (q) => {
        for (const iccid of unique) {
          const result = await app.cards.bindCard(q, iccid, me);
          if (result === 'missing') throw new ApiError(ERROR_CODES.CARD_NOT_FOUND, `card not found: ${iccid}`);
          if (result === 'taken') throw new ApiError(ERROR_CODES.FORBIDDEN, `${CARD_TAKEN}: ${iccid}`);
        }
      });
      return null;
    }),

    defineCall('bindEid', { auth: 'required' }, async ({ eid }, { user: me }) => {
      const result = await app.cards.bindSlot(eid, me);
      if (result === 'missing') throw new ApiError(ERROR_CODES.NOT_FOUND, SLOT_NOT_FOUND);
      if (result === 'taken') throw new ApiError(ERROR_CODES.FORBIDDEN, SLOT_TAKEN);
      return null;
    }),

    // '' restores the default name.
    defineCall('setCard', { auth: 'required' }, async ({ iccid, name }, { user: me }) => {
      await ownCard(iccid, me);
      if (!(await app.cards.renameCard(iccid, me.id, name === '' ? null : name))) {
        throw new ApiError(ERROR_CODES.FORBIDDEN, OTHER_ACCOUNT);
      }
      return null;
    }),

    defineCall('unbindCard', { auth: 'required' }, async ({ iccid }, { user: me }) => {
      await ownCard(iccid, me);
      if (!(await app.cards.unbindCard(iccid, me.id))) throw new ApiError(ERROR_CODES.FORBIDDEN, OTHER_ACCOUNT);
      return null;
    }),

    // ---- card page actions: ICCID holder while unbound, owner once bound -------------------------------------

    // The network lifts the suspension; the spec's limit (10005) counts the unlocks that reached it.
    defineCall('unlock', { auth: 'optional' }, async ({ iccid }, { user }) => {
      await accessibleCard(iccid, user);
      const result = await app.connectivity.unlock(iccid, () => app.cards.countUnlock(iccid, MAX_UNLOCKS));
      if (result === 'limit') throw new ApiError(ERROR_CODES.MAX_UNLOCK);
      const card = await cardOrThrow(iccid);
      return { result, status_str: card.status };
    }),

    defineCall('setEmail', { auth: 'optional' }, async ({ email, iccid }, { user }) => {
      const address = checkedEmail(email);
      await accessibleCard(iccid, user);
      await app.cards.setCardEmail(iccid, address);
      return null;
    }),

    defineCall('eidSetEmail', { auth: 'optional' }, async ({ email, eid }, { user }) => {
      const address = checkedEmail(email);
      await accessibleSlot(eid, user);
      await app.cards.setSlotEmail(eid, address);
      return null;
    }),

    // The order must be the caller's (their account's order or an order of their card). A visitor may resend
    // the mail of an order no account owns, and only to the address already on the order or the card.
    defineCall('sendEmail', { auth: 'optional' }, async ({ id, email, lang }, { user }) => {
      const address = checkedEmail(email);
      const orderId = /^\d{1,15}$/.test(id.trim()) ? Number(id.trim()) : 0;
      const order = orderId > 0 ? await app.cards.findOrderForMail(orderId, lang) : undefined;
      if (!order) throw new ApiError(ERROR_CODES.NOT_FOUND, ERROR_ORDER_ID);
      const mine = user !== null && (order.user_id === user.id || order.card_user_id === user.id);
      if (!mine) {
        const unowned = order.user_id === null && order.card_user_id === null;
        const known = [order.order_email, order.card_email].some((onFile) => onFile?.toLowerCase() === address);
        if (!unowned || !known) throw new ApiError(ERROR_CODES.FORBIDDEN, user ? OTHER_ACCOUNT : NOT_YOURS_VISITOR);
      }
      await sendLogged(app.mailer, orderMail(order, address), app.cards.logMail);
      return null;
    }),

    defineCall('pkgRecord', { auth: 'optional' }, async ({ iccid, lang }, { user }) => {
      await accessibleCard(iccid, user);
      return toRecordGroups(await app.cards.packageRecords(iccid, lang));
    }),
  ];
}
