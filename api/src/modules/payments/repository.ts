import { type Db, type Queryable } from '../../db/index';
import { type ReceiptOrder } from './mails';
import { orderViewSql, packageNameSql } from './package-name';
import { dropPendingPools } from '../pools/repository';

/** What an order buys: a package for a card, a pool plan, or a new eSIM profile for a slot. */
export type ProductKind = 'card' | 'pool' | 'esim';

export type OrderStatus = 'created' | 'pending' | 'paid' | 'fulfilled' | 'cancelled' | 'failed' | 'refunded';

export interface OrderRow {
  id: number;
  user_id: number | null;
  iccid: string | null;
  pool_id: number | null;
  package_id: number;
  agent_flag: string | null;
  product_kind: ProductKind;
  /** The slot an eSIM-shop order buys a profile for (product_kind 'esim'). */
  eid: string | null;
  amount: number;
  tax_amount: number;
  tax_rate: number;
  currency: string;
  renewal: boolean;
  status: OrderStatus;
  provider: string;
  provider_ref: string | null;
  pay_method: 'stripe' | 'paypal' | null;
  pay_url: string | null;
  session_claimed_at: Date | null;
  session_expires_at: Date | null;
  email: string | null;
  lang: string | null;
  /** PayPal renewals: the device's tracking id given with the purchase. */
  tracking_id: string | null;
  created_at: Date;
  paid_at: Date | null;
  receipt_sent_at: Date | null;
  /** The owner of the order's card, if the card is bound. */
  card_user_id: number | null;
  card_flag: string | null;
  pool_object_id: string | null;
  pool_user_id: number | null;
}

const ORDER_COLUMNS = `
  o.id, o.user_id, o.iccid, o.pool_id, o.package_id, o.agent_flag, o.product_kind, o.eid, o.amount, o.tax_amount, o.tax_rate,
  o.currency, o.renewal, o.status, o.provider, o.provider_ref, o.pay_method, o.pay_url, o.session_claimed_at,
  o.session_expires_at, o.email, o.lang, o.tracking_id, o.created_at, o.paid_at, o.receipt_sent_at,
  c.user_id AS card_user_id, c.agent_flag AS card_flag, p.pool_object_id, p.user_id AS pool_user_id`;
const ORDER_FROM = `orders o LEFT JOIN cards c ON c.iccid = o.iccid LEFT JOIN pools p ON p.id = o.pool_id`;

export interface NewOrder {
  userId: number | null;
  iccid: string | null;
  poolId: number | null;
  packageId: number;
  agentFlag: string;
  productKind: ProductKind;
  /** eSIM shop: the slot the profile is for. */
  eid?: string | null;
  /** PayPal renewals: the device's tracking id (spec section 7), kept with the order. */
  trackingId?: string | null;
  amount: number;
  taxAmount: number;
  taxRate: number;
  currency: string;
  renewal: boolean;
  provider: string;
  payMethod: 'stripe' | 'paypal';
  email: string | null;
  lang: string;
  addressId: number | null;
  purchaseKey: string;
}

export interface OrderListRow {
  id: number;
  iccid: string | null;
  name: string;
  amount: number;
  tax_amount: number;
  currency: string;
  pay_method: 'stripe' | 'paypal' | null;
  status: OrderStatus;
  renewal: boolean;
  created_at: Date;
  /** The buyer's bank disputes the payment (orders.disputed_at, migration 013). */
  disputed: boolean;
}

export interface AddressRow {
  id: number;
  email: string;
  country: string;
  region: string;
  city: string;
  postal_code: string;
  line1: string;
  tax_rate: number;
}

/** An agent with what paying needs: its page version, PayPal, currency and payment provider. */
export interface PayAgentRow {
  flag: string;
  version: 1 | 2 | 3;
  paypal: boolean;
  ccy: string;
  lang: string;
  payment_provider: 'sandbox' | 'stripe' | null;
}

/** What a receipt needs of a paid order, and whether (and to whom) it still has to be sent. */
export interface ReceiptRow extends ReceiptOrder {
  status: OrderStatus;
  receipt_sent_at: Date | null;
  to_address: string | null;
  /** A visitor's order (no account): the e-mail they gave, their saved method's payer (lower case). */
  payer_email: string | null;
  lang: string | null;
}

/** A card's owner and its monthly auto-renewal spending cap (migration 007). */
export interface RenewalCapRow {
  user_id: number | null;
  renewal_cap_amount: number | null;
  renewal_cap_currency: string | null;
}

/** A saved payment method as its payer's list shows it (getPaymentMethods), with what it renews. */
export interface PaymentMethodRow {
  id: number;
  provider: string;
  pay_method: 'stripe' | 'paypal' | null;
  brand: string | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  created_at: Date;
  /** The payer's card it renews (null: none any more, or the card is someone else's now). */
  iccid: string | null;
  card_name: string | null;
  pool_object_id: string | null;
  pool_name: string | null;
}

/** How many orders the order records show at most. */
export const ORDER_LIST_MAX = 100;
/** How many saved payment methods the payer's list shows at most. */
export const PAYMENT_METHOD_LIST_MAX = 100;

/**
 * Whose saved methods stay on a card: the account's (user id), and a visitor's given with this e-mail. Null fields
 * keep nobody of that kind.
 */
interface MethodKeeper {
  userId: number | null;
  email: string | null;
}

/**
 * Takes the cards' saved payment methods away from everyone but `keep`: a visitor's is deleted (nobody could see or
 * use it again), an account's stays in that account's list but renews the card no more (iccid NULL; a pool it
 * renews is the pool owner's business and stays).
 */
async function detachMethods(q: Queryable, iccids: readonly string[], keep: MethodKeeper): Promise<void> {
  const others = `iccid = ANY($1::text[])
    AND NOT (coalesce(user_id = $2, false) OR coalesce(user_id IS NULL AND payer_email = $3, false))`;
  const params = [iccids, keep.userId, keep.email];
  await q.query(`DELETE FROM saved_payment_methods WHERE ${others} AND user_id IS NULL AND pool_id IS NULL`, params);
  await q.query(`UPDATE saved_payment_methods SET iccid = NULL WHERE ${others}`, params);
}

/** The cards' renewal flag follows the renewal of the packages in force or waiting on them. */
async function recomputeCardRenewal(q: Queryable, iccids: readonly string[]): Promise<void> {
  await q.query(
    `UPDATE cards c SET renewal = EXISTS (
        SELECT 1 FROM card_packages cp JOIN orders o ON o.id = cp.order_id
         WHERE cp.iccid = c.iccid AND cp.status IN ('active', 'init') AND o.renewal), updated_at = now()
      WHERE c.iccid = ANY($1::text[])`,
    [iccids],
  );
}

/** The verified e-mail of an account (a visitor who paid with it is that account's holder), else null. */
async function verifiedEmail(q: Queryable, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const row = await q.one<{ email: string }>(
    `SELECT email FROM users WHERE id = $1 AND email_verified_at IS NOT NULL`,
    [userId],
  );
  return row?.email ?? null;
}

/**
 * The cards changed hands (bound by an account that did not hold them, or unbound), in the caller's transaction,
 * after the cards' owner changed: money stays with whoever pays. The new owner (null: nobody, the card is unbound)
 * keeps only what it paid for as that account. A visitor's purchases prove no account: the e-mail on a visitor's
 * order is whatever the buyer typed (or a page pre-filled from the card's e-mail, which anyone holding an unbound
 * card's ICCID sets), so an account with the same verified e-mail takes none of a visitor's methods or renewals.
 * Every other renewal on the cards stops (renewal off on the orders of their packages, the cards' flag with them)
 * and every other payer's method renews them no more (a visitor's is deleted). Pools are not touched: a pool and
 * its renewals stay its owner's whoever holds a member card.
 */
export async function cardsChangedHands(q: Queryable, iccids: readonly string[], owner: number | null): Promise<void> {
  if (iccids.length === 0) return;
  await detachMethods(q, iccids, { userId: owner, email: null });
  await q.query(
    `UPDATE orders o SET renewal = false, updated_at = now()
       FROM card_packages cp
      WHERE cp.iccid = ANY($1::text[]) AND cp.order_id = o.id AND o.renewal
        AND NOT coalesce(o.user_id = $2, false)`,
    [iccids, owner],
  );
  await recomputeCardRenewal(q, iccids);
}

export function createPaymentRepository(db: Db) {
  return {
    /** The agent of the flag, or the default agent (the shared-pool shop without a card) when flag is null. */
    async agent(flag: string | null): Promise<PayAgentRow | undefined> {
      return db.one<PayAgentRow>(
        `SELECT flag, version, paypal, ccy, lang, payment_provider FROM agents
          WHERE ${flag === null ? 'is_default' : 'flag = $1'} LIMIT 1`,
        flag === null ? [] : [flag],
      );
    },

    /** Sales tax of a US state or Canadian province (tax_regions); 0 elsewhere and for unknown regions. */
    async taxRate(country: string, region: string): Promise<number> {
      const row = await db.one<{ rate: number }>(`SELECT rate FROM tax_regions WHERE country = $1 AND region = $2`, [
        country,
        region,
      ]);
      return row?.rate ?? 0;
    },

    /**
     * One saved address per card, the latest save replacing the previous one; it is the address of whoever saved it
     * last (their account, or null for a visitor), so a form is never started with an address someone else typed.
     * Without a card (iccid null: the eSIM shop, always with a login) the account's own address, one per account.
     * One statement for both: the owner's address is updated, else a new one is inserted (two saves of one card at
     * once meet on its unique index, addresses_one_per_card_idx: the later one updates the row the first inserted).
     */
    async saveAddress(
      address: { email: string; country: string; region: string; city: string; postalCode: string; line1: string },
      iccid: string | null,
      userId: number | null,
      taxRate: number,
    ): Promise<AddressRow> {
      if (iccid === null && userId === null) throw new Error('an address without a card needs an account');
      const row = await db.one<AddressRow>(
        `WITH mine AS (
           SELECT id FROM addresses
            WHERE ${iccid === null ? 'user_id = $1 AND iccid IS NULL' : 'iccid = $2'}
            ORDER BY updated_at DESC, id DESC LIMIT 1
         ), updated AS (
           UPDATE addresses a SET user_id = $1, email = $3, country = $4, region = $5, city = $6, postal_code = $7,
                  line1 = $8, tax_rate = $9, updated_at = now()
             FROM mine WHERE a.id = mine.id
           RETURNING a.id, a.email, a.country, a.region, a.city, a.postal_code, a.line1, a.tax_rate
         ), inserted AS (
           INSERT INTO addresses (user_id, iccid, email, country, region, city, postal_code, line1, tax_rate)
           SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9 WHERE NOT EXISTS (SELECT 1 FROM updated)
           ON CONFLICT (iccid) WHERE iccid IS NOT NULL DO UPDATE SET
             user_id = EXCLUDED.user_id, email = EXCLUDED.email, country = EXCLUDED.country, region = EXCLUDED.region,
             city = EXCLUDED.city, postal_code = EXCLUDED.postal_code, line1 = EXCLUDED.line1,
             tax_rate = EXCLUDED.tax_rate, updated_at = now()
           RETURNING id, email, country, region, city, postal_code, line1, tax_rate
         )
         SELECT * FROM updated UNION ALL SELECT * FROM inserted`,
        [
          userId,
          iccid,
          address.email,
          address.country,
          address.region,
          address.city,
          address.postalCode,
          address.line1,
          taxRate,
        ],
      );
      if (!row) throw new Error('address not stored');
      return row;
    },

    async addressOfCard(iccid: string): Promise<AddressRow | undefined> {
      return db.one<AddressRow>(
        `SELECT id, email, country, region, city, postal_code, line1, tax_rate FROM addresses WHERE iccid = $1`,
        [iccid],
      );
    },

    /** The account's own address without a card (saved in the eSIM shop): what its eSIM profiles are taxed by. */
    async addressOfAccount(userId: number): Promise<AddressRow | undefined> {
      return db.one<AddressRow>(
        `SELECT id, email, country, region, city, postal_code, line1, tax_rate FROM addresses
          WHERE user_id = $1 AND iccid IS NULL ORDER BY updated_at DESC, id DESC LIMIT 1`,
        [userId],
      );
    },

    /**
     * The address to start a billing form with: a logged-in buyer's own last saved address (any card's, or their
     * eSIM shop's); a visitor's the card's, only when a visitor saved it (never an account's address). Nobody else's.
     */
    async lastAddress(caller: { userId: number } | { iccid: string }): Promise<AddressRow | undefined> {
      return 'userId' in caller
        ? db.one<AddressRow>(
            `SELECT id, email, country, region, city, postal_code, line1, tax_rate FROM addresses
              WHERE user_id = $1 ORDER BY updated_at DESC, id DESC LIMIT 1`,
            [caller.userId],
          )
        : db.one<AddressRow>(
            `SELECT id, email, country, region, city, postal_code, line1, tax_rate FROM addresses
              WHERE iccid = $1 AND user_id IS NULL`,
            [caller.iccid],
          );
    },

    /** Whether the card has a bought package not yet in use (status init): the pay check's unusedPackage warning. */
    async hasUnusedPackage(iccid: string): Promise<boolean> {
      const row = await db.one(`SELECT 1 FROM card_packages WHERE iccid = $1 AND status = 'init' LIMIT 1`, [iccid]);
      return row !== undefined;
    },

    /**
     * The open order of this purchase, or a new one. The partial unique index on purchase_key lets only one open
     * order exist per purchase, so two concurrent calls end up with the same order.
     */
    async openOrder(order: NewOrder): Promise<OrderRow> {
      const inserted = await db.one<{ id: number }>(
        `INSERT INTO orders (user_id, iccid, pool_id, package_id, agent_flag, product_kind, amount, tax_amount, tax_rate,
                             currency, renewal, status, provider, pay_method, email, lang, address_id, purchase_key, eid,
                             tracking_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'created', $12, $13, $14, $15, $16, $17, $18, $19)
         ON CONFLICT (purchase_key) WHERE purchase_key IS NOT NULL AND status IN ('created', 'pending') DO NOTHING
         RETURNING id`,
        [
          order.userId,
          order.iccid,
          order.poolId,
          order.packageId,
          order.agentFlag,
          order.productKind,
          order.amount,
          order.taxAmount,
          order.taxRate,
          order.currency,
          order.renewal,
          order.provider,
          order.payMethod,
          order.email,
          order.lang,
          order.addressId,
          order.purchaseKey,
          order.eid ?? null,
          order.trackingId ?? null,
        ],
      );
      const found = inserted
        ? await this.findOrder(inserted.id)
        : await db.one<OrderRow>(
            `SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM}
              WHERE o.purchase_key = $1 AND o.status IN ('created', 'pending')`,
            [order.purchaseKey],
          );
      // The open order was closed between the insert and the read (paid, cancelled): open a fresh one.
      return found ?? this.openOrder(order);
    },

    /**
     * A free package is a gift: one per card (or pool, slot, account). The order that takes it holds the gift's key
     * (orders.idempotency_key is unique); answers the id of the order holding it, this one or an earlier one.
     */
    async claimGift(orderId: number, giftKey: string): Promise<number> {
      const holder = async () =>
        (await db.one<{ id: number }>(`SELECT id FROM orders WHERE idempotency_key = $1`, [giftKey]))?.id;
      const earlier = await holder();
      if (earlier !== undefined) return Number(earlier);
      try {
        await db.query(`UPDATE orders SET idempotency_key = $2 WHERE id = $1 AND idempotency_key IS NULL`, [
          orderId,
          giftKey,
        ]);
      } catch (error) {
        // Another order took the gift at the same moment (unique violation): that one holds it.
        if ((error as { code?: string }).code !== '23505') throw error;
      }
      return Number((await holder()) ?? orderId);
    },

    /** An open order that will never be paid (a second try at a gift already taken): closed, nothing charged. */
    async cancelOpenOrder(id: number): Promise<void> {
      await db.query(
        `UPDATE orders SET status = 'cancelled', purchase_key = NULL, updated_at = now()
          WHERE id = $1 AND status IN ('created', 'pending')`,
        [id],
      );
    },

    /**
     * Cancels an order still waiting for payment (the buyer's Cancel order, or its expired page replaced by a new
     * order), as a provider's cancelled event would: a new pool it was to pay for goes unless another open order
     * pays for it. False when it was no longer waiting (paid, failed, cancelled meanwhile): nothing changes. A
     * payment that arrives later still pays it (fulfilment.ts: money that arrived is never turned away).
     */
    async cancelWaitingOrder(id: number): Promise<boolean> {
      return db.tx(async (q) => {
        const row = await q.one(
          `UPDATE orders SET status = 'cancelled', purchase_key = NULL, updated_at = now()
            WHERE id = $1 AND status IN ('created', 'pending')
            RETURNING id`,
          [id],
        );
        if (!row) return false;
        await dropPendingPools(q, { orderIds: [id] });
        return true;
      });
    },

    async findOrder(id: number): Promise<OrderRow | undefined> {
      return db.one<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE o.id = $1`, [id]);
    },

    /** The order a stored provider event was matched to (payment_events.order_id), if any. */
    async orderOfEvent(eventRowId: number): Promise<OrderRow | undefined> {
      return db.one<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE o.id = (SELECT order_id FROM payment_events WHERE id = $1)`,
        [eventRowId],
      );
    },

    /** An open order whose session ran out stops being "the" open order of its purchase (it can still be paid). */
    async detachOrder(id: number): Promise<void> {
      await db.query(`UPDATE orders SET purchase_key = NULL, updated_at = now() WHERE id = $1`, [id]);
    },

    /**
     * Takes the right to create this order's provider session: one caller at a time; a claim older than
     * `staleBefore` (its caller died) can be taken over. False: someone else is creating it or it exists.
     */
    async claimSession(id: number, staleBefore: Date): Promise<boolean> {
      const row = await db.one(
        `UPDATE orders SET session_claimed_at = now(), updated_at = now()
          WHERE id = $1 AND pay_url IS NULL AND status IN ('created', 'pending')
            AND (session_claimed_at IS NULL OR session_claimed_at < $2)
          RETURNING id`,
        [id, staleBefore],
      );
      return row !== undefined;
    },

    async releaseSession(id: number): Promise<void> {
      await db.query(`UPDATE orders SET session_claimed_at = NULL WHERE id = $1 AND pay_url IS NULL`, [id]);
    },

    async storeSession(id: number, provider: string, ref: string, url: string, expiresAt: Date): Promise<void> {
      await db.query(
        `UPDATE orders SET provider = $2, provider_ref = $3, pay_url = $4, session_expires_at = $5,
                           status = CASE WHEN status = 'created' THEN 'pending' ELSE status END, updated_at = now()
          WHERE id = $1 AND pay_url IS NULL`,
        [id, provider, ref, url, expiresAt],
      );
    },

    /** The caller's orders (their account's, or of cards and pools they own), or one card's; newest first. */
    async listOrders(filter: { userId: number } | { iccid: string }, lang: string): Promise<OrderListRow[]> {
      const where =
        'userId' in filter
          ? `(o.user_id = $1 OR o.iccid IN (SELECT iccid FROM cards WHERE user_id = $1)
              OR o.pool_id IN (SELECT id FROM pools WHERE user_id = $1))`
          : `o.iccid = $1`;
      return db.query<OrderListRow>(
        `SELECT o.id, o.iccid, ${packageNameSql('t', 'en', 'pk', orderViewSql())} AS name, o.amount, o.tax_amount, o.currency,
                o.pay_method, o.status, o.renewal, o.created_at, o.disputed_at IS NOT NULL AS disputed
           FROM orders o
           JOIN packages pk ON pk.id = o.package_id
           LEFT JOIN agents ag ON ag.flag = o.agent_flag
           LEFT JOIN package_translations t ON t.package_id = pk.id AND t.lang = $2
           LEFT JOIN package_translations en ON en.package_id = pk.id AND en.lang = 'en'
          WHERE ${where}
          ORDER BY o.created_at DESC, o.id DESC
          LIMIT ${ORDER_LIST_MAX}`,
        ['userId' in filter ? filter.userId : filter.iccid, lang],
      );
    },

    /**
     * Turns auto-renewal of one purchased package of the card on or off (the renewal flag of the order that bought
     * it), and the card's own flag with it. False when the card has no such package bought through an order.
     * Switching it on proves nothing about who pays: the card's saved methods that are not the caller's (an
     * account's, or a visitor's of the caller's verified e-mail) renew it no more, so the renewal mails a pay link
     * instead of charging someone who did not ask for it (a visitor caller keeps none: a visitor proves nothing).
     */
    async setPackageRenewal(iccid: string, recordId: number, renewal: boolean, callerId: number | null) {
      return db.tx(async (q) => {
        const row = await q.one(
          `UPDATE orders o SET renewal = $3, updated_at = now()
             FROM card_packages cp
            WHERE cp.id = $2 AND cp.iccid = $1 AND cp.order_id = o.id
            RETURNING o.id`,
          [iccid, recordId, renewal],
        );
        if (!row) return false;
        if (renewal) await detachMethods(q, [iccid], { userId: callerId, email: await verifiedEmail(q, callerId) });
        await recomputeCardRenewal(q, [iccid]);
        return true;
      });
    },

    /** The account's saved payment methods, newest first, each with the account's card or pool it renews. */
    async paymentMethodsOf(userId: number): Promise<PaymentMethodRow[]> {
      return db.query<PaymentMethodRow>(
        `SELECT m.id, m.provider, o.pay_method, m.brand, m.last4, m.exp_month, m.exp_year, m.created_at,
                c.iccid, c.name AS card_name, p.pool_object_id, p.name AS pool_name
           FROM saved_payment_methods m
           LEFT JOIN orders o ON o.id = m.order_id
           LEFT JOIN cards c ON c.iccid = m.iccid AND c.user_id = m.user_id
           LEFT JOIN pools p ON p.id = m.pool_id AND p.user_id = m.user_id
          WHERE m.user_id = $1
          ORDER BY m.created_at DESC, m.id DESC
          LIMIT ${PAYMENT_METHOD_LIST_MAX}`,
        [userId],
      );
    },

    /**
     * Deletes one of the account's saved methods: no renewal charges it again (theirs mail a pay link instead).
     * 'missing': no such method; 'other': another payer's (nothing deleted).
     */
    async deletePaymentMethod(id: number, userId: number): Promise<'deleted' | 'missing' | 'other'> {
      const deleted = await db.one(`DELETE FROM saved_payment_methods WHERE id = $1 AND user_id = $2 RETURNING id`, [
        id,
        userId,
      ]);
      if (deleted) return 'deleted';
      const exists = await db.one(`SELECT 1 FROM saved_payment_methods WHERE id = $1`, [id]);
      return exists ? 'other' : 'missing';
    },

    /** A fulfilled order as its receipt tells it, with the address it goes to (order, else card, else account). */
    async receiptsOf(orderIds: readonly number[]): Promise<ReceiptRow[]> {
      return db.query<ReceiptRow>(
        `SELECT o.id, o.status, o.receipt_sent_at, coalesce(o.email, c.email, u.email) AS to_address,
                CASE WHEN o.user_id IS NULL THEN lower(o.email) END AS payer_email, o.lang,
                ${packageNameSql('t', 'en', 'p', orderViewSql())} AS package_name, o.iccid, c.agent_flag AS card_flag, o.eid, o.amount,
                o.tax_amount, o.currency, o.renewal, o.paid_at, o.created_at, o.provider
           FROM orders o
           JOIN packages p ON p.id = o.package_id
           LEFT JOIN cards c ON c.iccid = o.iccid
           LEFT JOIN users u ON u.id = o.user_id
           LEFT JOIN agents ag ON ag.flag = o.agent_flag
           LEFT JOIN package_translations t ON t.package_id = p.id AND t.lang = o.lang
           LEFT JOIN package_translations en ON en.package_id = p.id AND en.lang = 'en'
          WHERE o.id = ANY($1::bigint[])`,
        [orderIds],
      );
    },

    /**
     * Takes the one sending of these orders' receipts: answers the ids taken (the others are sent or being sent);
     * releaseReceipts gives them back.
     */
    async claimReceipts(orderIds: readonly number[]): Promise<number[]> {
      if (orderIds.length === 0) return [];
      const rows = await db.query<{ id: number }>(
        `UPDATE orders SET receipt_sent_at = now() WHERE id = ANY($1::bigint[]) AND receipt_sent_at IS NULL RETURNING id`,
        [orderIds],
      );
      return rows.map((row) => Number(row.id));
    },

    async releaseReceipts(orderIds: readonly number[]): Promise<void> {
      if (orderIds.length === 0) return;
      await db.query(`UPDATE orders SET receipt_sent_at = NULL WHERE id = ANY($1::bigint[])`, [orderIds]);
    },

    /** The card's owner and its monthly auto-renewal cap (renewalCap); undefined for an unknown card. */
    async renewalCapOf(iccid: string): Promise<RenewalCapRow | undefined> {
      return db.one<RenewalCapRow>(
        `SELECT user_id, renewal_cap_amount, renewal_cap_currency FROM cards WHERE iccid = $1`,
        [iccid],
      );
    },

    /** Sets (amount null: removes) the cap of a card the user owns; undefined when the card is not theirs. */
    /** The currencies a card can pay in: those its agent's packages are priced in (its renewals are in one). */
    async cardCurrencies(iccid: string): Promise<string[]> {
      const rows = await db.query<{ currency: string }>(
        `SELECT DISTINCT pp.currency FROM cards c
           JOIN packages p ON p.active AND (p.agent_flag IS NULL OR p.agent_flag = c.agent_flag)
           JOIN package_prices pp ON pp.package_id = p.id
          WHERE c.iccid = $1
          ORDER BY pp.currency`,
        [iccid],
      );
      return rows.map((row) => row.currency);
    },

    async setRenewalCap(
      iccid: string,
      userId: number,
      amount: number | null,
      currency: string,
    ): Promise<RenewalCapRow | undefined> {
      return db.one<RenewalCapRow>(
        `UPDATE cards SET renewal_cap_amount = $3, renewal_cap_currency = $4, updated_at = now()
          WHERE iccid = $1 AND user_id = $2
          RETURNING user_id, renewal_cap_amount, renewal_cap_currency`,
        [iccid, userId, amount, amount === null ? null : currency],
      );
    },
  };
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
