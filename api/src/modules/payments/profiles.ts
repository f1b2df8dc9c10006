import { randomBytes } from 'node:crypto';
import { type Queryable } from '../../db/index';

/**
 * New eSIM profiles bought in the eSIM shop. Each paid order of product_kind 'esim' becomes one profile in its slot:
 * a card (card_kind 2) with an ICCID of the shop's own range, bound to the buyer, and an esim_profiles row that is
 * pending installation and carries the activation code (SM-DP+ address and matching ID) the slot page shows.
 */

/** ITU-T E.118 prefix of the shop's profiles: 89 (telecom), 882 (international networks), issuer 47. */
const SHOP_ICCID_PREFIX = '8988247';
const ORDER_DIGITS = 12;

/** The SM-DP+ server the profiles are downloaded from (ESIM_SMDP_ADDRESS; the demo's server by default). */
export function smdpAddress(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.ESIM_SMDP_ADDRESS?.trim();
  return configured && /^[A-Za-z0-9.-]{1,253}$/.test(configured) ? configured : 'smdp.example.com';
}

/** Luhn check digit of a digit string (ICCIDs end with one). */
export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** The ICCID of the profile an order buys: one per order, 20 digits with its Luhn check digit. */
export function shopIccid(orderId: number): string {
  const body = `${SHOP_ICCID_PREFIX}${String(orderId).padStart(ORDER_DIGITS, '0')}`;
  if (body.length !== SHOP_ICCID_PREFIX.length + ORDER_DIGITS) throw new Error(`order id ${orderId} out of range`);
  return `${body}${luhnDigit(body)}`;
}

/** A matching ID in the usual form (K2-XXXXXX-XXXXXX-XXXXXX): random, uppercase letters and digits. */
export function matchingId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(18);
  const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
  return `K2-${chars.slice(0, 6)}-${chars.slice(6, 12)}-${chars.slice(12, 18)}`;
}

interface ProfileOrder {
  id: number;
  eid: string | null;
  user_id: number | null;
  agent_flag: string | null;
  email: string | null;
}

/**
 * Makes the profiles of paid eSIM orders (in the fulfilling transaction, three statements for any number) and
 * answers each order's profile ICCID. Safe to run again for the same order: the ICCID is the order's and
 * esim_profiles.order_id is unique, so nothing is made twice.
 */
export async function newProfiles(q: Queryable, orders: readonly ProfileOrder[]): Promise<Map<number, string>> {
  const made = new Map<number, string>();
  if (orders.length === 0) return made;
  for (const order of orders) {
    if (!order.eid) throw new Error(`order ${order.id}: an eSIM order without a slot`);
    made.set(order.id, shopIccid(order.id));
  }
  const ids = orders.map((order) => order.id);
  const iccids = orders.map((order) => made.get(order.id) ?? '');
  await q.query(
    `INSERT INTO cards (iccid, agent_flag, card_kind, status, user_id, email, eid)
     SELECT v.iccid, coalesce(v.agent_flag, s.agent_flag, (SELECT flag FROM agents WHERE is_default)), 2, 'Ready',
            coalesce(v.user_id, s.user_id), coalesce(v.email, s.email), v.eid
       FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[]) AS v(iccid, eid, user_id, agent_flag, email)
       JOIN esim_slots s ON s.eid = v.eid
     ON CONFLICT (iccid) DO NOTHING`,
    [
      iccids,
      orders.map((order) => order.eid),
      orders.map((order) => order.user_id),
      orders.map((order) => order.agent_flag),
      orders.map((order) => order.email),
    ],
  );
  await q.query(
    `INSERT INTO esim_profiles (eid, iccid, action, smdp_address, matching_id, order_id)
     SELECT v.eid, v.iccid, 'install', $4, v.matching_id, v.order_id
       FROM unnest($1::text[], $2::text[], $3::text[], $5::bigint[]) AS v(eid, iccid, matching_id, order_id)
     ON CONFLICT DO NOTHING`,
    [orders.map((order) => order.eid), iccids, orders.map(() => matchingId()), smdpAddress(), ids],
  );
  await q.query(
    `UPDATE orders o SET iccid = v.iccid, updated_at = now()
       FROM unnest($1::bigint[], $2::text[]) AS v(id, iccid) WHERE o.id = v.id`,
    [ids, iccids],
  );
  return made;
}
