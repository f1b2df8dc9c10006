import { type FastifyBaseLogger } from 'fastify';
import { taxOf } from 'shared-contracts';
import { type Db, type Queryable } from '../../db/index';
import { chunked, OUTSIDE_CALLS_AT_ONCE, settleConcurrently } from '../../lib/concurrently';
import { sendAllLogged, sendLogged, type MailLogger, type Mailer, type MailMessage } from '../../mail';
import { ensurePayUrl, shopPageUrl, type Providers } from './checkout';
import { acceptAndProcessMany } from './fulfilment';
import { ITEMS_PER_JOB, QUEUES, type JobQueue } from './jobs';
import { CHARGING_STALE_SECONDS, overCap } from './cap';
import { renewalCappedMail, renewalPayLinkMail, renewalReminderMail, type RenewalMailFacts } from './mails';
import { removalLinks } from './method-removal';
import { orderViewSql, packageNameSql } from './package-name';
import { type PaymentRepository } from './repository';
import { type ChargeResult, type ProviderName, type SavedCharge, type VerifiedEvent } from './providers/types';

/**
 * Auto-renewal. A package bought with renewal on (orders.renewal, switched by pkgUpdate) is renewed once per period:
 *  1. scan: packages ending within REMIND_AHEAD get one renewals row per (package, period end) and a reminder job;
 *  2. remind: the buyer is mailed the date and amount, then the charge is queued for CHARGE_AHEAD before the end;
 *  3. charge: a new order at the renewal price is charged off session with the saved payment method under the
 *     renewal's idempotency key (the same key on every retry: the provider charges once), and the provider's answer
 *     goes through the same exactly-once fulfilment as a webhook. Needs the customer (3-D Secure, declined, no saved
 *     method, PayPal): a pay link valid for a day is mailed instead. Renewal off, or past the card's monthly cap:
 *     nothing is charged.
 * The renewal is paid by whoever holds the card (or pool) when it is charged, with a method they saved themselves
 * (an account's, or a visitor's by the e-mail given with the card's order), never by an earlier holder: a card that
 * changes hands stops renewing and drops a visitor's methods (payments/repository.ts cardsChangedHands).
 */

const DAY_SECONDS = 86_400;
/** The reminder goes out this long before the period ends. */
export const REMIND_AHEAD_SECONDS = 3 * DAY_SECONDS;
/** The charge happens this long before the period ends (after the reminder). */
export const CHARGE_AHEAD_SECONDS = DAY_SECONDS;
/** A period that ended longer ago than this is not renewed any more (the card was left to lapse). */
const LATE_LIMIT_SECONDS = 2 * DAY_SECONDS;
/** Renewals created per scan statement. */
const SCAN_BATCH = 5_000;
/**
 * A reminder is claimed for this long before its mail goes out; a claim older than this was left by a worker that
 * died before sending (the mail was not sent: reminded_at is set only after it), and may be taken again.
 */
export const REMIND_LEASE_SECONDS = 10 * 60;
/** A mailed pay link can be used for a day. */
const PAY_LINK_MINUTES = 24 * 60;

export interface RenewalContext {
  db: Db;
  jobs: JobQueue;
  providers: Providers;
  repository: PaymentRepository;
  mailer: Mailer;
  publicOrigin: string;
  now: () => Date;
  log: FastifyBaseLogger;
  logMail: MailLogger;
}

interface RenewalRow {
  id: number;
  status: string;
  period_end: number;
  charge_after: Date;
  reminded_at: Date | null;
  order_id: number | null;
  source_order_id: number;
  iccid: string | null;
  pool_id: number | null;
  card_flag: string | null;
  package_id: number;
  package_name: string;
  currency: string;
  tax_rate: number;
  provider: ProviderName;
  pay_method: 'stripe' | 'paypal' | null;
  product_kind: 'card' | 'pool';
  user_id: number | null;
  agent_flag: string | null;
  lang: string | null;
  still_on: boolean;
  /** Who holds the renewed card (or pool) now: the account, or null for a card nobody's account holds. */
  owner_id: number | null;
  /** Where the renewal's mails go: the holder's (see RENEWAL_QUERY). */
  to_address: string | null;
  price: number | null;
}

/**
 * A renewal with what charging it needs. Its payer is whoever holds the card (or pool) now: the account that owns it,
 * or, for a card no account holds, the visitor by the e-mail they gave with the card's order (never the card's own
 * e-mail, which anyone holding an unbound card's ICCID sets). Mails go to that payer: the e-mail of the order when
 * its buyer still holds the card, else the holder's account e-mail.
 */
const RENEWAL_QUERY = `
  SELECT r.id, r.status, r.period_end, r.charge_after, r.reminded_at, r.order_id, r.source_order_id,
         cp.iccid, cp.pool_id, c.agent_flag AS card_flag, o.package_id,
         ${packageNameSql('t', 'en', 'p', orderViewSql())} AS package_name, o.currency, o.tax_rate, o.provider, o.pay_method,
         o.product_kind, o.user_id, o.agent_flag, o.lang, o.renewal AS still_on, h.owner_id,
         CASE WHEN h.owner_id IS NULL THEN lower(o.email)
              WHEN h.owner_id = o.user_id THEN coalesce(o.email, c.email, ow.email)
              ELSE ow.email END AS to_address,
         coalesce(pp.renew_amount, round(pp.amount * pp.renew_discount / 100.0))::bigint AS price
    FROM renewals r
    JOIN card_packages cp ON cp.id = r.card_package_id
    JOIN orders o ON o.id = r.source_order_id
    JOIN packages p ON p.id = o.package_id
    LEFT JOIN package_prices pp ON pp.package_id = o.package_id AND pp.currency = o.currency
    LEFT JOIN cards c ON c.iccid = cp.iccid
    LEFT JOIN pools pl ON pl.id = cp.pool_id
    CROSS JOIN LATERAL (SELECT CASE WHEN cp.iccid IS NOT NULL THEN c.user_id ELSE pl.user_id END AS owner_id) h
    LEFT JOIN users ow ON ow.id = h.owner_id
    LEFT JOIN agents ag ON ag.flag = o.agent_flag
    LEFT JOIN package_translations t ON t.package_id = p.id AND t.lang = o.lang
    LEFT JOIN package_translations en ON en.package_id = p.id AND en.lang = 'en'`;

function facts(context: RenewalContext, row: RenewalRow): RenewalMailFacts {
  const price = row.price ?? 0;
  return {
    packageName: row.package_name,
    iccid: row.iccid,
    total: price + taxOf(price, row.tax_rate),
    currency: row.currency,
    periodEnd: row.period_end,
    pageUrl: shopPageUrl(context.publicOrigin, row),
  };
}

function mail(context: RenewalContext, message: MailMessage): Promise<void> {
  return sendLogged(context.mailer, message, context.logMail);
}

function mails(context: RenewalContext, messages: readonly MailMessage[]) {
  return sendAllLogged(context.mailer, messages, context.logMail, OUTSIDE_CALLS_AT_ONCE);
}

/**
 * Renewals left charging when their job gave up for good (cap.ts CHARGING_STALE_SECONDS): failed, with their orders
 * (still open: a paid one was recorded) closed. Answers how many.
 */
export async function failStaleCharges(context: Pick<RenewalContext, 'db'>): Promise<number> {
  const rows = await context.db.query<{ id: number }>(
    `WITH stale AS (
       UPDATE renewals SET status = 'failed', last_error = 'charge not answered: its retries ran out', updated_at = now()
        WHERE status = 'charging' AND updated_at < now() - make_interval(secs => $1)
        RETURNING id, order_id),
     closed AS (
       UPDATE orders o SET status = 'failed', purchase_key = NULL, updated_at = now()
         FROM stale WHERE o.id = stale.order_id AND o.status IN ('created', 'pending'))
     SELECT id FROM stale`,
    [CHARGING_STALE_SECONDS],
  );
  return rows.length;
}

/** The reminder jobs of these renewals, a list per job. */
function queueReminders(context: RenewalContext, q: Queryable, rows: ReadonlyArray<{ id: number }>) {
  return context.jobs.sendMany(
    q,
    QUEUES.renewalRemind,
    chunked(
      rows.map((row) => Number(row.id)),
      ITEMS_PER_JOB,
    ).map((renewalIds) => ({ data: { renewalIds } })),
  );
}

/**
 * Reminders not sent a lease after their claim (their worker died between the claim and the mail) or, never claimed,
 * a lease after their renewal was created (their job gave up): queued again. The claim sends each once however many
 * jobs ask. Answers how many.
 */
async function requeueReminders(context: RenewalContext): Promise<number> {
  const now = context.now();
  const rows = await context.db.query<{ id: number }>(
    `SELECT id FROM renewals
      WHERE status = 'scheduled' AND reminded_at IS NULL AND period_end > $3
        AND coalesce(remind_claimed_at, created_at) <= $1::timestamptz - make_interval(secs => $2)
      ORDER BY id LIMIT $4`,
    [now, REMIND_LEASE_SECONDS, Math.floor(now.getTime() / 1000) - LATE_LIMIT_SECONDS, SCAN_BATCH],
  );
  await queueReminders(context, context.db, rows);
  return rows.length;
}

/** Step 1: the renewals that became due, each with its reminder job; answers how many were created. */
export async function scanDueRenewals(context: RenewalContext): Promise<number> {
  // The scan runs every minute: charges stuck for good are closed on the way, and reminders left unsent are queued.
  await failStaleCharges(context);
  await requeueReminders(context);
  let created = 0;
  for (;;) {
    const nowS = Math.floor(context.now().getTime() / 1000);
    const batch = await context.db.tx(async (q) => {
      const rows = await q.query<{ id: number }>(
        `WITH due AS (
           SELECT cp.id, cp.expire_timestamp, cp.order_id
             FROM card_packages cp
             JOIN orders o ON o.id = cp.order_id
            WHERE cp.status IN ('active', 'init') AND cp.expire_timestamp <= $1 AND cp.expire_timestamp > $2
              AND o.renewal AND o.status = 'fulfilled'
              AND NOT EXISTS (SELECT 1 FROM renewals r
                               WHERE r.card_package_id = cp.id AND r.period_end = cp.expire_timestamp)
            LIMIT $3)
         INSERT INTO renewals (card_package_id, period_end, source_order_id, charge_after)
         SELECT id, expire_timestamp, order_id, to_timestamp(expire_timestamp - $4) FROM due
         ON CONFLICT (card_package_id, period_end) DO NOTHING
         RETURNING id`,
        [nowS + REMIND_AHEAD_SECONDS, nowS - LATE_LIMIT_SECONDS, SCAN_BATCH, CHARGE_AHEAD_SECONDS],
      );
      await queueReminders(context, q, rows);
      return rows.length;
    });
    created += batch;
    if (batch < SCAN_BATCH) return created;
  }
}

function renewalRows(q: Queryable, ids: readonly number[], lock = false): Promise<RenewalRow[]> {
  return q.query<RenewalRow>(
    `${RENEWAL_QUERY} WHERE r.id = ANY($1::bigint[]) ORDER BY r.id${lock ? ' FOR UPDATE OF r' : ''}`,
    [ids],
  );
}

/** Fails the job (so it runs again) when some items of its batch failed; the others are done and skip next time. */
function throwFailures(what: string, results: ReadonlyArray<PromiseSettledResult<unknown>>) {
  const failures = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failures.length > 0) {
    throw new AggregateError(
      failures.map((failure) => failure.reason),
      `${failures.length} of ${results.length} ${what} failed`,
    );
  }
}

/**
 * Step 2 for a batch of renewals: the reminder (once each), then each charge queued for its time, once reminded. A
 * few statements per batch; the mails go out a few at a time. A reminder is claimed for a lease
 * (REMIND_LEASE_SECONDS) and marked reminded only once its mail is sent: a worker that dies in between leaves a claim
 * that runs out, and the scan queues the reminder again; a failed send gives its claim back and throws (the job
 * retries).
 */
export async function remindRenewals(context: RenewalContext, renewalIds: readonly number[]): Promise<void> {
  const ids = [...new Set(renewalIds)];
  if (ids.length === 0) return;
  const claimed = await context.db.query<{ id: number }>(
    `UPDATE renewals SET remind_claimed_at = $2, updated_at = now()
      WHERE id = ANY($1::bigint[]) AND reminded_at IS NULL AND status = 'scheduled'
        AND (remind_claimed_at IS NULL OR remind_claimed_at <= $2::timestamptz - make_interval(secs => $3))
      RETURNING id`,
    [ids, context.now(), REMIND_LEASE_SECONDS],
  );
  const mine = new Set(claimed.map((row) => Number(row.id)));
  const rows = (await renewalRows(context.db, ids)).filter((row) => row.status === 'scheduled');
  const claimedRows = rows.filter((row) => mine.has(Number(row.id)));
  const mailing = claimedRows.filter((row) => row.still_on && row.to_address);
  // A card no account holds is renewed with its visitor's method (the order's e-mail): the reminder links to the page
  // that removes it. A link that cannot be made now leaves the reminder without it.
  const removeLinks = await removalLinks(
    context.db,
    context.publicOrigin,
    context.now(),
    mailing.flatMap((row) =>
      row.owner_id === null
        ? [
            {
              key: Number(row.id),
              iccid: row.iccid,
              payerEmail: row.to_address,
              provider: row.provider,
              lang: row.lang,
            },
          ]
        : [],
    ),
  ).catch((error: unknown) => {
    context.log.warn({ err: error }, 'payment method removal links not made');
    return new Map<number, string>();
  });
  const mailed = await mails(
    context,
    mailing.map((row) =>
      renewalReminderMail(facts(context, row), row.to_address ?? '', removeLinks.get(Number(row.id))),
    ),
  );
  const unsent = mailing.filter((_, index) => mailed[index]?.status === 'rejected').map((row) => Number(row.id));
  // Reminded: the mails sent, and the claimed ones with nothing to send (switched off: the charge stops them; no
  // address to send to).
  const reminded = new Set(claimedRows.map((row) => Number(row.id)).filter((id) => !unsent.includes(id)));
  if (reminded.size > 0) {
    await context.db.query(
      `UPDATE renewals SET reminded_at = coalesce(reminded_at, now()), remind_claimed_at = NULL, updated_at = now()
        WHERE id = ANY($1::bigint[])`,
      [[...reminded]],
    );
  }
  if (unsent.length > 0) {
    // Given back, so the retry of this job mails them (their charges wait for it).
    await context.db.query(
      `UPDATE renewals SET remind_claimed_at = NULL WHERE id = ANY($1::bigint[]) AND reminded_at IS NULL`,
      [unsent],
    );
  }
  // The charges of the reminded ones (here or before); one claimed by another worker is charged after its mail.
  const charging = rows.filter((row) => row.reminded_at !== null || reminded.has(Number(row.id)));
  // The charges, each list at its time (to the minute): a list per minute of charge_after, the due ones at once.
  const nowMs = context.now().getTime();
  const byMinute = new Map<number, number[]>();
  for (const row of charging) {
    const minute = Math.max(0, Math.ceil((row.charge_after.getTime() - nowMs) / 60_000));
    byMinute.set(minute, [...(byMinute.get(minute) ?? []), Number(row.id)]);
  }
  await context.jobs.sendMany(
    context.db,
    QUEUES.renewalCharge,
    [...byMinute].flatMap(([minute, ids]) =>
      chunked(ids, ITEMS_PER_JOB).map((renewalIds) => ({
        data: { renewalIds },
        ...(minute > 0 ? { startAfterSeconds: minute * 60 } : {}),
      })),
    ),
  );
  throwFailures('renewal reminders', mailed);
}

interface Charging {
  row: RenewalRow;
  orderId: number;
}

/**
 * Takes a batch of renewals under lock: the ones switched off stop, the ones past their card's monthly cap are
 * capped, and each of the others gets its order (idempotency key `renewal-<id>`: never two) and is marked charging,
 * in one transaction of a few statements. Answers what is to be charged (with the ones a crashed run left charging)
 * and what was capped.
 */
async function prepareCharges(
  context: RenewalContext,
  ids: readonly number[],
): Promise<{ charging: Charging[]; capped: RenewalRow[] }> {
  return context.db.tx(async (q) => {
    const rows = await renewalRows(q, ids, true);
    const charging: Charging[] = [];
    const capped: RenewalRow[] = [];
    const closing = { ids: [] as number[], statuses: [] as string[], errors: [] as Array<string | null> };
    const close = (row: RenewalRow, status: string, error: string | null = null) => {
      closing.ids.push(row.id);
      closing.statuses.push(status);
      closing.errors.push(error);
    };
    const fresh: Array<{ row: RenewalRow; price: number; tax: number }> = [];
    for (const row of rows) {
      if (row.status === 'charging' && row.order_id !== null) charging.push({ row, orderId: row.order_id });
      else if (row.status !== 'scheduled') continue;
      else if (!row.still_on) close(row, 'stopped');
      else if (row.price === null) close(row, 'failed', 'no price');
      else fresh.push({ row, price: row.price, tax: taxOf(row.price, row.tax_rate) });
    }
    // The monthly cap, a hard limit (cap.ts): the capped cards stay locked until this transaction has recorded the
    // orders of the renewals let through, so a second worker counts them.
    const over = await overCap(
      q,
      fresh.map(({ row, price, tax }) => ({
        id: row.id,
        iccid: row.iccid,
        packageId: row.package_id,
        currency: row.currency,
        taxRate: row.tax_rate,
        price,
        tax,
      })),
    );
    const ordering = fresh.filter(({ row }) => {
      if (!over.has(row.id)) return true;
      close(row, 'capped');
      capped.push(row);
      return false;
    });
    if (closing.ids.length > 0) {
      await q.query(
        `UPDATE renewals r SET status = v.status, last_error = coalesce(v.error, r.last_error), updated_at = now()
           FROM unnest($1::bigint[], $2::text[], $3::text[]) AS v(id, status, error) WHERE r.id = v.id`,
        [closing.ids, closing.statuses, closing.errors],
      );
    }
    if (ordering.length > 0) {
      // A pool plan's renewal refills the pool its package is on. The order is its payer's: whoever holds the card
      // (or pool) now, with the address its mails go to; only that payer's saved methods can pay it (chargeRenewals).
      const orders = await q.query<{ id: number; idempotency_key: string }>(
        `INSERT INTO orders (user_id, iccid, pool_id, package_id, agent_flag, product_kind, amount, tax_amount,
                             tax_rate, currency, renewal, status, provider, pay_method, email, lang, idempotency_key)
         SELECT v.owner_id, o.iccid, CASE WHEN o.product_kind = 'pool' THEN cp.pool_id ELSE o.pool_id END,
                o.package_id, o.agent_flag, o.product_kind, v.amount, v.tax, o.tax_rate, o.currency, true, 'created',
                o.provider, o.pay_method, v.email, o.lang, 'renewal-' || v.renewal_id
           FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::text[])
                WITH ORDINALITY AS v(renewal_id, amount, tax, owner_id, email, n)
           JOIN renewals r ON r.id = v.renewal_id
           JOIN orders o ON o.id = r.source_order_id
           JOIN card_packages cp ON cp.id = r.card_package_id
          ORDER BY v.n
         RETURNING id, idempotency_key`,
        [
          ordering.map(({ row }) => row.id),
          ordering.map(({ price }) => price),
          ordering.map(({ tax }) => tax),
          ordering.map(({ row }) => row.owner_id),
          ordering.map(({ row }) => row.to_address),
        ],
      );
      const orderOf = new Map(orders.map((order) => [order.idempotency_key, Number(order.id)]));
      const made = ordering.map(({ row }) => {
        const orderId = orderOf.get(`renewal-${row.id}`);
        if (orderId === undefined) throw new Error(`renewal ${row.id}: order not created`);
        return { row, orderId };
      });
      await q.query(
        `UPDATE renewals r SET status = 'charging', order_id = v.order_id, attempts = r.attempts + 1, updated_at = now()
           FROM unnest($1::bigint[], $2::bigint[]) AS v(id, order_id) WHERE r.id = v.id`,
        [made.map(({ row }) => row.id), made.map(({ orderId }) => orderId)],
      );
      charging.push(...made);
    }
    return { charging, capped };
  });
}

async function setStatuses(context: RenewalContext, ids: readonly number[], status: string, error: string | null) {
  if (ids.length === 0) return;
  await context.db.query(
    `UPDATE renewals SET status = $2, last_error = coalesce($3, last_error), updated_at = now()
      WHERE id = ANY($1::bigint[])`,
    [ids, status, error],
  );
}

type OrderToCharge = { id: number; status: string; provider: ProviderName; total: number; currency: string };

/**
 * The providers' charges of the open renewals, in their order: null where there is nothing to charge with (no saved
 * method, or a provider that cannot charge off session). A provider that charges many at once gets one request per
 * batch; the others get a few requests at a time.
 */
async function chargeAll(
  context: RenewalContext,
  open: readonly Charging[],
  orderById: ReadonlyMap<number, OrderToCharge>,
  methodOf: ReadonlyMap<number, { token: string; customer_ref: string | null }>,
): Promise<Array<PromiseSettledResult<ChargeResult | null>>> {
  const results: Array<PromiseSettledResult<ChargeResult | null>> = open.map(() => ({
    status: 'fulfilled',
    value: null,
  }));
  const byProvider = new Map<ProviderName, Array<{ index: number; charge: SavedCharge }>>();
  open.forEach(({ row, orderId }, index) => {
    const order = orderById.get(orderId);
    const method = methodOf.get(orderId);
    const provider = order ? context.providers[order.provider] : undefined;
    if (!order || !method || !provider?.chargeSaved) return;
    const list = byProvider.get(order.provider) ?? [];
    list.push({
      index,
      charge: {
        orderId,
        token: method.token,
        customerRef: method.customer_ref,
        total: order.total,
        currency: order.currency,
        description: row.package_name,
        idempotencyKey: `esim-renewal-${row.id}`,
      },
    });
    byProvider.set(order.provider, list);
  });
  for (const [name, list] of byProvider) {
    const provider = context.providers[name];
    if (provider?.chargeSavedMany) {
      try {
        const answers = await provider.chargeSavedMany(list.map(({ charge }) => charge));
        list.forEach(({ index }, at) => {
          results[index] = { status: 'fulfilled', value: answers[at] ?? null };
        });
      } catch (reason) {
        for (const { index } of list) results[index] = { status: 'rejected', reason };
      }
      continue;
    }
    const answers = await settleConcurrently(list, OUTSIDE_CALLS_AT_ONCE, async ({ charge }) => {
      if (!provider?.chargeSaved) return null;
      return provider.chargeSaved(charge);
    });
    list.forEach(({ index }, at) => {
      const answer = answers[at];
      if (answer) results[index] = answer;
    });
  }
  return results;
}

/**
 * Step 3 for a batch of renewals (see the top of this file): a fixed number of statements per batch, the provider
 * charges a few at a time, their answers fulfilled together. Safe to run again at any point, for any of them.
 */
export async function chargeRenewals(context: RenewalContext, renewalIds: readonly number[]): Promise<void> {
  const ids = [...new Set(renewalIds)];
  if (ids.length === 0) return;
  const { charging, capped } = await prepareCharges(context, ids);
  // Told once (the renewal is capped now); a failed mail is logged, not retried.
  await mails(
    context,
    capped.flatMap((row) => (row.to_address ? [renewalCappedMail(facts(context, row), row.to_address)] : [])),
  );
  if (charging.length === 0) return;
  const orders = await context.db.query<OrderToCharge>(
    `SELECT id, status, provider, amount + tax_amount AS total, currency FROM orders WHERE id = ANY($1::bigint[])`,
    [charging.map(({ orderId }) => orderId)],
  );
  const orderById = new Map(orders.map((order) => [Number(order.id), order]));
  // A crashed run may have fulfilled some already.
  const paidBefore = charging.filter(({ orderId }) => orderById.get(orderId)?.status === 'fulfilled');
  await setStatuses(
    context,
    paidBefore.map(({ row }) => row.id),
    'paid',
    null,
  );
  const open = charging.filter(
    ({ orderId }) => orderById.has(orderId) && orderById.get(orderId)?.status !== 'fulfilled',
  );
  if (open.length === 0) return;
  // The newest payment method saved with the order's provider for the card (or the pool) by the renewal's payer (its
  // order's: see prepareCharges), and only while that payer still holds the card or pool: an account's own methods
  // for a card it owns, a visitor's (by the order's e-mail) for a card no account holds. Nobody else's is ever
  // charged; without one the payer gets a pay link.
  const methods = await context.db.query<{ order_id: number; token: string; customer_ref: string | null }>(
    `SELECT o.id AS order_id, m.token, m.customer_ref
       FROM orders o
       JOIN renewals r ON r.order_id = o.id
       JOIN card_packages cp ON cp.id = r.card_package_id
       LEFT JOIN cards c ON c.iccid = cp.iccid
       LEFT JOIN pools pl ON pl.id = cp.pool_id
       CROSS JOIN LATERAL (
         SELECT token, customer_ref, created_at, id FROM saved_payment_methods
          WHERE provider = o.provider AND iccid = cp.iccid
            AND CASE WHEN o.user_id IS NULL THEN user_id IS NULL AND payer_email = lower(o.email)
                     ELSE user_id = o.user_id END
         UNION ALL
         SELECT token, customer_ref, created_at, id FROM saved_payment_methods
          WHERE provider = o.provider AND pool_id = cp.pool_id
            AND CASE WHEN o.user_id IS NULL THEN user_id IS NULL AND payer_email = lower(o.email)
                     ELSE user_id = o.user_id END
         ORDER BY created_at DESC, id DESC LIMIT 1) m
      WHERE o.id = ANY($1::bigint[])
        AND (CASE WHEN cp.iccid IS NOT NULL THEN c.user_id ELSE pl.user_id END) IS NOT DISTINCT FROM o.user_id`,
    [open.map(({ orderId }) => orderId)],
  );
  const methodOf = new Map(methods.map((method) => [Number(method.order_id), method]));
  const charged = await chargeAll(context, open, orderById, methodOf);
  // Succeeded charges: the providers' answers to our own authenticated requests, fulfilled through the same
  // exactly-once path as webhooks (the receipts go out from their jobs).
  const succeeded = new Map<ProviderName, Array<{ renewalId: number; event: VerifiedEvent }>>();
  const needCustomer: Charging[] = [];
  open.forEach((item, index) => {
    const result = charged[index];
    if (!result || result.status === 'rejected') return; // retried with the job (same idempotency key)
    const charge = result.value;
    const providerName = orderById.get(item.orderId)?.provider ?? 'sandbox';
    if (charge?.status === 'succeeded') {
      const list = succeeded.get(providerName) ?? [];
      list.push({
        renewalId: item.row.id,
        event: {
          eventId: `charge:${charge.paymentId}`,
          type: 'succeeded',
          orderId: item.orderId,
          amount: charge.amount,
          currency: charge.currency,
          providerRef: null,
          paymentId: charge.paymentId,
          savedMethod: null,
          payload: { renewal: item.row.id, payment: charge.paymentId },
        },
      });
      succeeded.set(providerName, list);
    } else {
      if (charge) context.log.info({ renewalId: item.row.id, result: charge }, 'renewal needs the customer');
      needCustomer.push(item);
    }
  });
  for (const [providerName, list] of succeeded) {
    const outcomes = await acceptAndProcessMany(
      context.db,
      context.jobs,
      providerName,
      list.map(({ event }) => event),
    );
    const paid: number[] = [];
    const failed = new Map<string, number[]>();
    list.forEach(({ renewalId }, index) => {
      const outcome = String(outcomes[index]);
      if (outcome === 'fulfilled' || outcome === 'duplicate') paid.push(renewalId);
      else failed.set(outcome, [...(failed.get(outcome) ?? []), renewalId]);
    });
    await setStatuses(context, paid, 'paid', null);
    for (const [outcome, failedIds] of failed) await setStatuses(context, failedIds, 'failed', outcome);
  }
  const linked = await settleConcurrently(needCustomer, OUTSIDE_CALLS_AT_ONCE, ({ row, orderId }) =>
    sendPayLink(context, row.id, row, orderById.get(orderId)?.provider ?? 'sandbox', orderId),
  );
  throwFailures('renewal charges', [...charged, ...linked]);
}

/** The customer pays the renewal's order on the provider's page (a day to do it), mailed to them. */
async function sendPayLink(
  context: RenewalContext,
  renewalId: number,
  row: RenewalRow,
  providerName: ProviderName,
  orderId: number,
): Promise<void> {
  const provider = context.providers[providerName] ?? context.providers.sandbox;
  const order = await context.repository.findOrder(orderId);
  if (!provider || !order) {
    await setStatuses(context, [renewalId], 'failed', 'no provider for a pay link');
    return;
  }
  const payUrl = await ensurePayUrl(
    {
      repo: context.repository,
      provider,
      publicOrigin: context.publicOrigin,
      log: context.log,
      now: context.now,
      description: row.package_name,
      method: order.pay_method ?? 'stripe',
      validMinutes: PAY_LINK_MINUTES,
    },
    order,
  );
  await setStatuses(context, [renewalId], 'action_required', null);
  if (row.to_address) await mail(context, renewalPayLinkMail(facts(context, row), row.to_address, payUrl));
}
