import { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { type PayMethod } from 'shared-contracts';
import { validateAddress } from 'shared-contracts/validators/address';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { defineCall, requireUser, type CallRoute } from '../../http/calls';
import { assertCardAccess, NOT_YOURS_VISITOR, OTHER_ACCOUNT, SLOT_NOT_FOUND } from '../cards/routes';
import { type CardRow } from '../cards/repository';
import { type PackageRow } from '../catalogue/repository';
import { type SessionUser } from '../users/repository';
import { chooseProvider, ensurePayUrl, returnUrl, SESSION_REUSE_MARGIN_MS } from './checkout';
import { acceptAndProcessMany, freeOrderEvent } from './fulfilment';
import { paymentMethodCalls } from './methods';
import { ADDRESS_TAX_CURRENCIES, orderPrice, purchaseKey, salePrice, type PriceView } from './pricing';
import { type PoolRow } from '../pools/repository';
import { type AddressRow, type OrderRow, type PayAgentRow, type ProductKind } from './repository';
import { packageDisplayName } from './package-name';
import { type ProviderName } from './providers/types';
import { parseOrderId, toOrderRecord, wireStatus } from './view';

export const PACKAGE_NOT_FOUND = 'package not found';
export const POOL_NOT_FOUND = 'pool not found';
export const NOT_THE_POOLS_PLAN = 'a new pool is paid with the plan it was made for';
export const ORDER_NOT_FOUND = 'errorOrderId';
export const ADDRESS_REQUIRED = 'please save the billing address first';
export const PAYPAL_NOT_OFFERED = 'PayPal is not offered for this card';

export const NO_FREE_SLOT = 'this eSIM has no free slot: remove a profile first';
export const ADDRESS_FOR_WHAT = 'an address is saved for a card (iccid) or an eSIM slot (eid)';

/** A saved address as the billing form takes it (PayCheckResponse.savedAddress). */
function addressForm(row: AddressRow) {
  return {
    email: row.email,
    country: row.country,
    region: row.region,
    city: row.city,
    postalCode: row.postal_code,
    line1: row.line1,
  };
}

/** A purchase resolved on the server: for which card, pool or eSIM slot, sold by which agent, from which list. */
interface Purchase {
  card: CardRow | null;
  pool: PoolRow | null;
  /** eSIM shop: the slot the new profile is for. */
  eid: string | null;
  agent: PayAgentRow;
  kind: ProductKind;
  pkg: PackageRow;
  view: PriceView;
}

/** What the buyer chose in the sheet (createPay and esimOrderProfile). */
interface PurchaseChoice {
  renewal: boolean;
  pay: PayMethod;
  lang: string;
  ccy: string;
  email?: string;
  trackingId?: string;
}

export function paymentCalls(app: FastifyInstance): CallRoute[] {
  const { payments } = app;
  const repo = payments.repository;

  async function cardOrThrow(iccid: string): Promise<CardRow> {
    const card = await app.cards.findCard(iccid);
    if (!card) throw new ApiError(ERROR_CODES.CARD_NOT_FOUND);
    return card;
  }

  /**
   * Who may pay for (or change) a card: an agent of page version 2 needs a login (10013); a card bound to an
   * account only its owner, a free card anyone holding the ICCID (10024 otherwise, as for the card page actions).
   */
  function assertBuyer(card: CardRow, user: SessionUser | null): void {
    if (card.agent_version === 2 && !user) throw new ApiError(ERROR_CODES.TOKEN_INVALID);
    assertCardAccess(card, user);
  }

  async function agentOrThrow(flag: string | null): Promise<PayAgentRow> {
    const agent = await repo.agent(flag);
    if (!agent) throw new ApiError(ERROR_CODES.FLAG_INVALID);
    return agent;
  }

  async function ownPool(poolObjectId: string, user: SessionUser): Promise<PoolRow> {
    const pool = await app.pools.findPool(poolObjectId);
    if (!pool) throw new ApiError(ERROR_CODES.NOT_FOUND, POOL_NOT_FOUND);
    if (pool.user_id !== user.id) throw new ApiError(ERROR_CODES.FORBIDDEN, OTHER_ACCOUNT);
    return pool;
  }

  /** The package as the buyer's list showed it (same agent, view, currency and language as getPkg/getPoolPkgList). */
  async function listed(
    kind: 'sim' | 'esim' | 'pool',
    agent: PayAgentRow,
    id: number,
    ccy: string,
    lang: string,
  ): Promise<PackageRow | undefined> {
    const rows = await app.catalogue.listPackages({
      productKind: kind,
      agentFlag: agent.flag,
      agentVersion: agent.version,
      currencies: [ccy, agent.ccy],
      lang,
    });
    return rows.find((row) => row.id === id);
  }

  /**
   * A card's package (card page), or a shared-pool plan: for the caller's pool (pool_object_id), for a new pool of
   * the caller (no card, or a card and a plan of the pool list). Pools always need a login.
   */
  async function resolvePurchase(
    body: { id: number; iccid?: string; pool_object_id?: string; ccy: string; lang: string },
    user: SessionUser | null,
  ): Promise<Purchase> {
    const card = body.iccid !== undefined ? await cardOrThrow(body.iccid) : null;
    if (card) assertBuyer(card, user);
    const agent = await agentOrThrow(card ? card.agent_flag : null);
    if (card && body.pool_object_id === undefined) {
      const pkg = await listed(card.card_kind === 2 ? 'esim' : 'sim', agent, body.id, body.ccy, body.lang);
      if (pkg) {
        return { card, pool: null, eid: null, agent, kind: 'card', pkg, view: agent.version === 1 ? 'old' : 'new' };
      }
    }
    const pool = body.pool_object_id !== undefined ? await ownPool(body.pool_object_id, requireUser(user)) : null;
    const pkg = await listed('pool', agent, body.id, body.ccy, body.lang);
    if (!pkg) throw new ApiError(ERROR_CODES.NOT_FOUND, PACKAGE_NOT_FOUND);
    requireUser(user);
    // A new pool (createPool's, pending) is paid with the plan it was made for: its lines are that plan's.
    if (pool?.pending_since && pool.package_id !== pkg.id) {
      throw new ApiError(ERROR_CODES.PARAM_ERROR, NOT_THE_POOLS_PLAN, 400);
    }
    return { card, pool, eid: null, agent, kind: 'pool', pkg, view: 'pool' };
  }

  /**
   * A new profile for an eSIM slot: only for the slot's account (its profiles' activation codes are credentials); a
   * slot no account holds yet becomes the buyer's, as bindEid would. It needs a free slot.
   */
  async function resolveProfilePurchase(
    body: { eid: string; id: number; ccy: string; lang: string },
    user: SessionUser,
  ): Promise<Purchase> {
    let slot = await app.cards.findSlot(body.eid);
    if (!slot) throw new ApiError(ERROR_CODES.NOT_FOUND, SLOT_NOT_FOUND);
    if (slot.user_id === null) {
      const bound = await app.cards.bindSlot(slot.eid, user);
      if (bound === 'missing') throw new ApiError(ERROR_CODES.NOT_FOUND, SLOT_NOT_FOUND);
      slot = (await app.cards.findSlot(body.eid)) ?? slot;
    }
    if (slot.user_id !== user.id) throw new ApiError(ERROR_CODES.FORBIDDEN, OTHER_ACCOUNT);
    if (slot.usage_slot >= slot.total_slot) throw new ApiError(ERROR_CODES.PARAM_ERROR, NO_FREE_SLOT, 400);
    const agent = await agentOrThrow((await app.catalogue.slotAgent(slot.eid))?.agent_flag ?? null);
    const pkg = await listed('esim', agent, body.id, body.ccy, body.lang);
    if (!pkg) throw new ApiError(ERROR_CODES.NOT_FOUND, PACKAGE_NOT_FOUND);
    return { card: null, pool: null, eid: slot.eid, agent, kind: 'esim', pkg, view: 'new' };
  }

  /**
   * Price and tax from the catalogue and the saved address; one open order per purchase, one session per order; a
   * free package fulfilled at once. Answers pay_url.
   */
  async function startPurchase(
    purchase: Purchase,
    body: PurchaseChoice,
    user: SessionUser | null,
    log: FastifyBaseLogger,
  ): Promise<{ pay_url: string; order_id: string; pay: PayMethod }> {
    const { card, pool, agent, pkg } = purchase;
    const method: PayMethod = body.pay;
    if (method === 'paypal' && !agent.paypal) throw new ApiError(ERROR_CODES.PARAM_ERROR, PAYPAL_NOT_OFFERED, 400);
    const amount = Math.max(0, salePrice(pkg, purchase.view));
    // A free package (an operator's gift) goes through no provider and asks for no billing address.
    const free = amount === 0;
    let taxRate = pkg.tax_rate;
    let addressId: number | null = null;
    // A card's package (or a pool plan bought with a card) is taxed by the card's address; a new eSIM profile by the
    // buyer's own (the eSIM shop always has a login): the same rule whichever page sells it.
    const taxedByAddress = card !== null || purchase.kind === 'esim';
    if (taxedByAddress && !free && ADDRESS_TAX_CURRENCIES.has(body.ccy)) {
      const address = card
        ? await repo.addressOfCard(card.iccid)
        : user
          ? await repo.addressOfAccount(user.id)
          : undefined;
      if (!address) throw new ApiError(ERROR_CODES.PARAM_ERROR, ADDRESS_REQUIRED, 400);
      taxRate = await repo.taxRate(address.country, address.region);
      addressId = address.id;
    }
    const price = orderPrice(amount, taxRate, pkg.currency);
    // Mode 2 forces auto-renewal; a package that does not renew never does, nor does a free one (nothing to charge),
    // nor a new eSIM profile (its later packages renew on its own card page).
    const renewal = !free && purchase.kind !== 'esim' && pkg.renewal && (body.renewal || pkg.mode === 2);
    const provider = chooseProvider(payments.providers, method, agent.payment_provider, payments.defaultProvider);
    // The payer, fixed now: the e-mail the buyer sent (a visitor's saved method is theirs by it), else the account's.
    // Never the card's e-mail nor its address's: anyone holding an unbound card's ICCID can set those.
    const email = body.email?.toLowerCase() ?? user?.email ?? null;
    // Only PayPal renewals carry the device's tracking id (spec section 7).
    const trackingId = method === 'paypal' && renewal ? (body.trackingId ?? null) : null;
    const key = purchaseKey([
      purchase.kind,
      card?.iccid ?? purchase.eid,
      pool?.pool_object_id ?? null,
      user?.id ?? null,
      pkg.id,
      price.currency,
      price.amount,
      price.tax,
      renewal,
      method,
      provider.name,
    ]);
    const newOrder = {
      userId: user?.id ?? null,
      iccid: card?.iccid ?? null,
      poolId: pool?.id ?? null,
      eid: purchase.eid,
      packageId: pkg.id,
      agentFlag: agent.flag,
      productKind: purchase.kind,
      amount: price.amount,
      taxAmount: price.tax,
      taxRate: price.taxRate,
      currency: price.currency,
      renewal,
      provider: provider.name,
      payMethod: method,
      email,
      lang: body.lang,
      addressId,
      purchaseKey: key,
      trackingId,
    };
    let order = await repo.openOrder(newOrder);
    if (free) {
      // A gift once per card (pool, slot, account): a second ask, however it comes (a double tap, a later visit),
      // answers the order that took it. Fulfilled at once through the same exactly-once path as a paid order; the
      // buyer lands on the shop page's "paid" report, as after a provider.
      const giftKey = `gift-${purchaseKey([purchase.kind, card?.iccid ?? purchase.eid, pool?.pool_object_id ?? null, user?.id ?? null, pkg.id])}`;
      const holder = await repo.claimGift(order.id, giftKey);
      if (holder !== order.id) {
        await repo.cancelOpenOrder(order.id);
        order = (await repo.findOrder(holder)) ?? order;
      }
      await acceptAndProcessMany(app.db, payments.jobs, provider.name, [freeOrderEvent(order.id, price.currency)]);
      return { pay_url: returnUrl(payments.publicOrigin, order, 'suc'), order_id: String(order.id), pay: method };
    }
    // An open order whose session is about to end is left to expire; the buyer gets a fresh one.
    if (
      order.session_expires_at &&
      order.session_expires_at.getTime() < payments.now().getTime() + SESSION_REUSE_MARGIN_MS
    ) {
      await repo.detachOrder(order.id);
      order = await repo.openOrder(newOrder);
    }
    const payUrl = await ensurePayUrl(
      {
        repo,
        provider,
        publicOrigin: payments.publicOrigin,
        log,
        now: payments.now,
        description: packageDisplayName(pkg, purchase.view),
        method,
        trackingId,
      },
      order,
    );
    return { pay_url: payUrl, order_id: String(order.id), pay: method };
  }

  /**
   * An order the caller may pay or cancel: the buyer's account or the owner of its card or pool (as paySearch); an
   * order no account owns only with its card's ICCID (order ids are counted, an ICCID is not), else it is unknown.
   */
  async function orderToActOn(orderId: string, iccid: string | undefined, user: SessionUser | null) {
    const id = parseOrderId(orderId);
    const order = id ? await repo.findOrder(id) : undefined;
    if (!order) throw new ApiError(ERROR_CODES.NOT_FOUND, ORDER_NOT_FOUND);
    const owners = [order.user_id, order.card_user_id, order.pool_user_id].filter((owner) => owner !== null);
    if (owners.length > 0) {
      if (!(user && owners.includes(user.id))) {
        throw new ApiError(ERROR_CODES.FORBIDDEN, user ? OTHER_ACCOUNT : NOT_YOURS_VISITOR);
      }
    } else if (iccid === undefined || order.iccid !== iccid) {
      throw new ApiError(ERROR_CODES.NOT_FOUND, ORDER_NOT_FOUND);
    }
    return order;
  }

  /**
   * The same purchase as an earlier order, resolved again now (the caller's rights, the package still sold, its
   * price today): for its card or pool, or its eSIM slot.
   */
  async function purchaseAgain(order: OrderRow, user: SessionUser | null): Promise<Purchase> {
    const lang = order.lang ?? 'en';
    if (order.product_kind === 'esim') {
      if (!order.eid) throw new ApiError(ERROR_CODES.NOT_FOUND, ORDER_NOT_FOUND);
      return resolveProfilePurchase(
        { eid: order.eid, id: order.package_id, ccy: order.currency, lang },
        requireUser(user),
      );
    }
    return resolvePurchase(
      {
        id: order.package_id,
        ...(order.iccid ? { iccid: order.iccid } : {}),
        // A new pool dropped with its cancelled order is bought again as a new pool (fulfilment makes one).
        ...(order.product_kind === 'pool' && order.pool_object_id ? { pool_object_id: order.pool_object_id } : {}),
        ccy: order.currency,
        lang,
      },
      user,
    );
  }

  /** The choices of an earlier order; its e-mail only for the same buyer (a card's new owner pays as themselves). */
  function choicesOf(order: OrderRow, user: SessionUser | null): PurchaseChoice {
    const sameBuyer = order.user_id === (user?.id ?? null);
    return {
      renewal: order.renewal,
      pay: order.pay_method ?? 'stripe',
      lang: order.lang ?? 'en',
      ccy: order.currency,
      ...(sameBuyer && order.email ? { email: order.email } : {}),
      ...(order.tracking_id ? { trackingId: order.tracking_id } : {}),
    };
  }

  return [
    // Before the sheet: the address dialog where sales tax goes by address (USD, CAD with a card), PayPal where
    // the agent offers it, and the unused-package warning (10104 on the client) when the card has one waiting.
    defineCall('checkPay', { auth: 'optional' }, async ({ iccid, eid, ccy }, { user }) => {
      const card = iccid !== undefined ? await cardOrThrow(iccid) : null;
      if (card) assertBuyer(card, user);
      // The eSIM shop names its slot: the slot's agent sells the profile (as esimOrderProfile will).
      const slot = !card && eid !== undefined ? await app.catalogue.slotAgent(eid) : undefined;
      const agent = await agentOrThrow(card ? card.agent_flag : (slot?.agent_flag ?? null));
      // Stripe.js (device fingerprint) only where Stripe takes this agent's card payments.
      const byStripe = (agent.payment_provider ?? payments.defaultProvider) === 'stripe';
      const stripeKey = byStripe && payments.providers.stripe ? payments.stripePublishableKey : null;
      // A new eSIM profile is taxed like a card's package (startPurchase): the same address rule for both.
      const isShowAddress = (card !== null || slot !== undefined) && ADDRESS_TAX_CURRENCIES.has(ccy);
      // The form starts with the buyer's own last address: an account's, or a visitor's for this card.
      const saved = !isShowAddress
        ? undefined
        : user
          ? await repo.lastAddress({ userId: user.id })
          : card
            ? await repo.lastAddress({ iccid: card.iccid })
            : undefined;
      return {
        isShowAddress,
        isShowPayPal: agent.paypal,
        unusedPackage: card ? await repo.hasUnusedPackage(card.iccid) : false,
        ...(stripeKey ? { stripeKey } : {}),
        ...(saved ? { savedAddress: addressForm(saved) } : {}),
      };
    }),

    // The section 5 rules on the server too; the tax rate comes from the region table, never from the client.
    // For a card (its buyer's rules), or in the eSIM shop for the caller's account (their slot, or one nobody holds).
    defineCall('saveAddress', { auth: 'optional' }, async (body, { user }) => {
      if ((body.iccid === undefined) === (body.eid === undefined)) {
        throw new ApiError(ERROR_CODES.PARAM_ERROR, ADDRESS_FOR_WHAT, 400);
      }
      let iccid: string | null = null;
      if (body.iccid !== undefined) {
        const card = await cardOrThrow(body.iccid);
        assertBuyer(card, user);
        iccid = card.iccid;
      } else if (body.eid !== undefined) {
        const me = requireUser(user);
        const slot = await app.cards.findSlot(body.eid);
        if (!slot) throw new ApiError(ERROR_CODES.NOT_FOUND, SLOT_NOT_FOUND);
        if (slot.user_id !== null && slot.user_id !== me.id) throw new ApiError(ERROR_CODES.FORBIDDEN, OTHER_ACCOUNT);
      }
      // The schema already trimmed the text fields; e-mails are stored lower-cased.
      const { email, country, region, city, postalCode, line1 } = body;
      const form = { email: email.toLowerCase(), country, region, city, postalCode, line1 };
      const check = validateAddress(form);
      if (!check.ok) {
        const [field, message] = Object.entries(check.errors)[0] ?? ['address', 'parameter error'];
        throw new ApiError(ERROR_CODES.PARAM_ERROR, `${message} (${field})`, 400);
      }
      const taxRate = await repo.taxRate(form.country, form.region);
      const saved = await repo.saveAddress(form, iccid, user?.id ?? null, taxRate);
      return {
        taxRate: saved.tax_rate,
        country: saved.country,
        region: saved.region,
        city: saved.city,
        line1: saved.line1,
        postalCode: saved.postal_code,
      };
    }),

    defineCall('createPay', { auth: 'optional' }, async (body, { user, request }) =>
      startPurchase(await resolvePurchase(body, user), body, user, request.log),
    ),

    // eSIM shop: a new profile for the caller's slot, paid like a package; fulfilment puts it in the slot.
    defineCall('esimOrderProfile', { auth: 'required' }, async (body, { user, request }) =>
      startPurchase(await resolveProfilePurchase(body, user), { ...body, renewal: false }, user, request.log),
    ),

    // The order's status after the provider sent the browser back. The buyer's account, the owner of its card or
    // pool may ask; an order no account owns answers anyone holding its id (status only, like the card page).
    defineCall('paySearch', { auth: 'optional' }, async ({ order_id }, { user }) => {
      const id = parseOrderId(order_id);
      const order = id ? await repo.findOrder(id) : undefined;
      if (!order) throw new ApiError(ERROR_CODES.NOT_FOUND, ORDER_NOT_FOUND);
      const owners = [order.user_id, order.card_user_id, order.pool_user_id].filter((owner) => owner !== null);
      if (owners.length > 0 && !(user && owners.includes(user.id))) {
        throw new ApiError(ERROR_CODES.FORBIDDEN, user ? OTHER_ACCOUNT : NOT_YOURS_VISITOR);
      }
      if (order.status === 'pending') await payments.refreshPending(order);
      const fresh = (await repo.findOrder(order.id)) ?? order;
      return { order_id: String(fresh.id), status: wireStatus(fresh.status) };
    }),

    // "Continue payment" of an order waiting for payment, "Try again" of a failed or cancelled one. Never a second
    // charge: an open provider page is handed out again as it is; a new order is made only when no page of this
    // order can be paid any more (expired, declined, cancelled), and the expired order is then cancelled.
    defineCall('payResume', { auth: 'optional' }, async ({ order_id, iccid }, { user, request }) => {
      let order = await orderToActOn(order_id, iccid, user);
      if (order.status === 'pending') {
        await payments.refreshPending(order);
        order = (await repo.findOrder(order.id)) ?? order;
      }
      const status = wireStatus(order.status);
      if (status === 'paid') return { order_id: String(order.id), status };
      const waiting = order.status === 'created' || order.status === 'pending';
      if (waiting && order.pay_url && order.session_expires_at && order.session_expires_at > payments.now()) {
        return { order_id: String(order.id), status, pay_url: order.pay_url, pay: order.pay_method ?? 'stripe' };
      }
      // The same purchase again: startPurchase finds this order while it is the open one of the purchase and gives
      // it its page (none yet) or, its page expired, a fresh order; a changed price makes a new order at once.
      const started = await startPurchase(await purchaseAgain(order, user), choicesOf(order, user), user, request.log);
      if (waiting && started.order_id !== String(order.id)) await repo.cancelWaitingOrder(order.id);
      const fresh = await repo.findOrder(Number(started.order_id));
      return {
        order_id: started.order_id,
        status: fresh ? wireStatus(fresh.status) : 'pending',
        pay_url: started.pay_url,
        pay: started.pay,
      };
    }),

    // "Cancel order" of an order waiting for payment; again, or for an order that is no longer waiting, it answers
    // the order's status and changes nothing. The provider's page is ended where the provider can; a payment that
    // gets through anyway pays the cancelled order (fulfilment.ts), so money is never lost.
    defineCall('payCancel', { auth: 'optional' }, async ({ order_id, iccid }, { user, request }) => {
      const order = await orderToActOn(order_id, iccid, user);
      if ((order.status === 'created' || order.status === 'pending') && (await repo.cancelWaitingOrder(order.id))) {
        const provider = payments.providers[order.provider as ProviderName];
        if (order.provider_ref && provider?.expireSession) {
          await provider.expireSession(order.provider_ref).catch((error: unknown) => {
            request.log.warn({ err: error, orderId: order.id }, 'provider page of a cancelled order not ended');
          });
        }
      }
      const fresh = (await repo.findOrder(order.id)) ?? order;
      return { order_id: String(fresh.id), status: wireStatus(fresh.status) };
    }),

    // The order records: one card's (card page, ICCID holder rules) or, logged in, the caller's; newest first.
    defineCall('orderList', { auth: 'optional' }, async ({ iccid, lang: asked }, { user, request }) => {
      // Package names in the page's language; without one, the browser's first language, else English.
      const lang = asked ?? /^[a-z]{2}/.exec((request.headers['accept-language'] ?? '').toLowerCase())?.[0] ?? 'en';
      if (iccid !== undefined) {
        const card = await cardOrThrow(iccid);
        assertCardAccess(card, user);
        return { list: (await repo.listOrders({ iccid }, lang)).map(toOrderRecord) };
      }
      const me = requireUser(user);
      return { list: (await repo.listOrders({ userId: me.id }, lang)).map(toOrderRecord) };
    }),

    // Auto-renewal of one purchased package of the caller's card, on or off (off stops the renewal job for it; on
    // keeps only the caller's own saved methods on the card: repository setPackageRenewal).
    defineCall('pkgUpdate', { auth: 'optional' }, async ({ iccid, id, renewal }, { user }) => {
      const card = await cardOrThrow(iccid);
      assertBuyer(card, user);
      if (!(await repo.setPackageRenewal(card.iccid, id, renewal, user?.id ?? null))) {
        throw new ApiError(ERROR_CODES.NOT_FOUND, PACKAGE_NOT_FOUND);
      }
      return null;
    }),

    // The caller's saved payment methods in /user/info: listed and deleted by their payer only (methods.ts).
    ...paymentMethodCalls(app),
  ];
}
