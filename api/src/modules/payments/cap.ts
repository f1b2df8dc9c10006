import { type FastifyInstance } from 'fastify';
import { taxOf } from 'shared-contracts';
import { type Queryable } from '../../db/index';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { defineCall, type CallRoute } from '../../http/calls';
import { type SessionUser } from '../users/repository';
import { OTHER_ACCOUNT } from '../cards/routes';
import { type RenewalCapRow } from './repository';

export const CAP_CURRENCY = 'the limit must be in a currency this card pays in';

/**
 * A renewal charging longer than this (since it began) is one whose charge job ran out of retries (12, backing off
 * from 5 s: about 6 to 11 hours, each attempt up to 15 minutes): renewals.ts fails it, its order with it, and it no
 * longer counts here as a charge in flight. A provider's late answer still pays the order.
 */
export const CHARGING_STALE_SECONDS = 86_400;

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

/** A renewal about to be charged, as the cap sees it: its card, package and what it costs in its own currency. */
export interface CapCandidate {
  id: number;
  iccid: string | null;
  packageId: number;
  currency: string;
  taxRate: number;
  /** Price and tax in minor units of `currency`. */
  price: number;
  tax: number;
}

interface CapRow {
  iccid: string;
  renewal_cap_amount: number;
  renewal_cap_currency: string;
}

interface CountedOrder {
  iccid: string;
  package_id: number;
  currency: string;
  tax_rate: number;
  total: number;
}

/**
 * The monthly cap as a hard limit. Answers which of the candidates (in their order) are over their card's cap; the
 * caller marks those capped and, in the same transaction, records the others' orders as charges in flight.
 *
 * - Atomic across workers and instances: the capped cards' rows are locked (in ICCID order, FOR NO KEY UPDATE so
 *   fulfilment's packages can still reference them) before anything is counted, and held until the caller's
 *   transaction commits the orders of the renewals let through. A second worker preparing a renewal of the same card
 *   waits, then counts those orders.
 * - What counts, per card, for the calendar month (UTC): every renewal order of its packages paid this month, and
 *   every one still under way whenever created: charged off session and not answered yet (renewal 'charging', for
 *   at most CHARGING_STALE_SECONDS: longer than its job retries, after which the renewal is failed, renewals.ts), or
 *   a mailed pay link not yet paid whose session has not expired (renewal 'action_required'). Failed, cancelled,
 *   expired and refunded ones spent nothing.
 * - In the cap's currency. The shop keeps no exchange rates; what it has is each package's price in each currency it
 *   sells in (package_prices). An amount in another currency counts as what the same package renews for in the cap's
 *   currency (renewal price plus the order's tax rate). Where the package has no price in the cap's currency the
 *   amount cannot be known, and an unknown amount can never be shown to fit under a limit: the card counts as over
 *   its cap (the renewal is refused and mailed as capped) rather than be charged past it.
 * Pools have no cap (a cap is a card's, set by its owner); their renewals are not counted or limited here.
 */
export async function overCap(q: Queryable, candidates: readonly CapCandidate[]): Promise<Set<number>> {
  const over = new Set<number>();
  const iccids = [...new Set(candidates.flatMap((candidate) => (candidate.iccid ? [candidate.iccid] : [])))].sort();
  if (iccids.length === 0) return over;
  const caps = await q.query<CapRow>(
    `SELECT iccid, renewal_cap_amount, renewal_cap_currency FROM cards
      WHERE iccid = ANY($1::text[]) AND renewal_cap_amount IS NOT NULL AND renewal_cap_currency IS NOT NULL
      ORDER BY iccid
      FOR NO KEY UPDATE`,
    [iccids],
  );
  if (caps.length === 0) return over;
  const capOf = new Map(caps.map((cap) => [cap.iccid, cap]));
  const counted = await q.query<CountedOrder>(
    `SELECT cp.iccid, o.package_id, o.currency, o.tax_rate, (o.amount + o.tax_amount)::bigint AS total
       FROM card_packages cp
       JOIN renewals r ON r.card_package_id = cp.id
       JOIN orders o ON o.id = r.order_id
      WHERE cp.iccid = ANY($1::text[])
        AND ((o.status IN ('paid', 'fulfilled')
              AND o.paid_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
          OR (o.status IN ('created', 'pending') AND r.status = 'charging'
              AND r.updated_at > now() - make_interval(secs => $2))
          OR (o.status IN ('created', 'pending') AND r.status = 'action_required'
              AND (o.session_expires_at IS NULL OR o.session_expires_at > now())))`,
    [[...capOf.keys()], CHARGING_STALE_SECONDS],
  );
  // What each package renews for in each cap's currency, for the amounts in another currency.
  const wanted = new Map<string, { packageId: number; currency: string }>();
  const want = (iccid: string, packageId: number, currency: string) => {
    const cap = capOf.get(iccid);
    if (cap && cap.renewal_cap_currency !== currency) {
      wanted.set(`${packageId} ${cap.renewal_cap_currency}`, { packageId, currency: cap.renewal_cap_currency });
    }
  };
  for (const order of counted) want(order.iccid, Number(order.package_id), order.currency);
  for (const candidate of candidates) {
    if (candidate.iccid) want(candidate.iccid, candidate.packageId, candidate.currency);
  }
  const prices = new Map<string, number>();
  if (wanted.size > 0) {
    const rows = await q.query<{ package_id: number; currency: string; price: number }>(
      `SELECT pp.package_id, pp.currency,
              coalesce(pp.renew_amount, round(pp.amount * pp.renew_discount / 100.0))::bigint AS price
         FROM package_prices pp
         JOIN unnest($1::bigint[], $2::text[]) AS v(package_id, currency)
           ON pp.package_id = v.package_id AND pp.currency = v.currency`,
      [[...wanted.values()].map((item) => item.packageId), [...wanted.values()].map((item) => item.currency)],
    );
    for (const row of rows) prices.set(`${row.package_id} ${row.currency}`, Number(row.price));
  }
  /** An amount in the cap's currency; Infinity when it cannot be known. */
  const inCapCurrency = (cap: CapRow, packageId: number, currency: string, taxRate: number, total: number) => {
    if (currency === cap.renewal_cap_currency) return total;
    const price = prices.get(`${packageId} ${cap.renewal_cap_currency}`);
    return price === undefined ? Number.POSITIVE_INFINITY : price + taxOf(price, Number(taxRate));
  };
  const spent = new Map<string, number>();
  for (const order of counted) {
    const cap = capOf.get(order.iccid);
    if (!cap) continue;
    const amount = inCapCurrency(cap, Number(order.package_id), order.currency, order.tax_rate, Number(order.total));
    spent.set(order.iccid, (spent.get(order.iccid) ?? 0) + amount);
  }
  for (const candidate of candidates) {
    const cap = candidate.iccid ? capOf.get(candidate.iccid) : undefined;
    if (!cap || !candidate.iccid) continue;
    const cost = inCapCurrency(
      cap,
      candidate.packageId,
      candidate.currency,
      candidate.taxRate,
      candidate.price + candidate.tax,
    );
    const total = (spent.get(candidate.iccid) ?? 0) + cost;
    if (total > Number(cap.renewal_cap_amount)) over.add(candidate.id);
    else spent.set(candidate.iccid, total);
  }
  return over;
}
