// Auto-renewal across the api instances, for bench:load and chaos (issue 23: "renewals stay exactly once"). Every
// instance runs the renewal workers (payments/plugin.ts: scan every minute, reminders, charges); this sets up cards
// whose package is due for renewal during the run, has the work taken by several instances at once, and counts
// afterwards, per due package, what the renewal made: exactly one of each, none missing, none doubled.
//
// Set-up (SQL, before the load): BENCH_RENEWALS cards (60) of agent 3 (EUR), half held by an account of their own
// (renewals@bench.example), half by visitors (the e-mail of the card's order), each with a paid order of "Starter
// 1 GB" bought with renewal on, its package in force on the simulated network (10% used) and ending in 12 hours, and a
// sandbox payment method saved by the card's holder. The renewal is then due now: reminder at once, charge at once
// (payments/renewals.ts: REMIND_AHEAD 3 days, CHARGE_AHEAD 1 day).
// During the run (BENCH_RENEWALS_AT seconds into it, 5): the scan is asked for on demand, once per instance (3 scan
// jobs at once, besides the every-minute schedule), and once the reminders are out and the reminder job has queued
// its charge job, that job is delivered again (BENCH_RENEWALS_COPIES, 3, more copies of it, the renewals split in
// other lists and orders), as a job queue does when a worker is lost: the instances' charge workers (2 each) take the
// same renewals at the same time.
import { sleep } from './processes.mjs';
import { fixed } from './report.mjs';
import { noneTarget, queueJobs, verdict } from './shop-traffic.mjs';

export const RENEWAL_QUEUES = ['payments-renewal-remind', 'payments-renewal-charge', 'payments-receipt'];
const ACCOUNT = 'renewals@bench.example';

/** The cards, orders, packages, network assignments and saved methods; answers what was set up. */
export async function seedRenewals(postgres, { count }) {
  const started = Date.now();
  if (count <= 0) return { count: 0, packageIds: [], iccids: [], setupMs: 0 };
  const rows = await postgres.query(
    `WITH pkg AS (
       SELECT p.id, p.code, p.data_bytes, pp.amount FROM packages p
         JOIN package_prices pp ON pp.package_id = p.id AND pp.currency = 'EUR'
        WHERE p.code = 'global-1gb-7d'),
     account AS (INSERT INTO users (email, email_verified_at) VALUES ($2, now()) RETURNING id),
     spec AS (
       SELECT g AS n, '899701' || lpad(g::text, 14, '0') AS iccid, 'renew-' || g || '@bench.example' AS email,
              CASE WHEN g % 2 = 0 THEN (SELECT id FROM account) END AS user_id,
              extract(epoch FROM now())::bigint + 12 * 3600 AS ends
         FROM generate_series(1, $1::int) g),
     cards_in AS (
       INSERT INTO cards (iccid, agent_flag, status, user_id, email, renewal, total_bytes, used_bytes, expire_timestamp,
                          activated_at)
       SELECT s.iccid, '3', 'Activated', s.user_id, s.email, true, pkg.data_bytes, pkg.data_bytes / 10, s.ends,
              now() - interval '6 days 12 hours'
         FROM spec s CROSS JOIN pkg
       RETURNING iccid),
     orders_in AS (
       INSERT INTO orders (user_id, iccid, package_id, agent_flag, amount, tax_amount, currency, renewal, status,
                           provider, pay_method, email, lang, created_at, paid_at, fulfilled_at)
       SELECT s.user_id, s.iccid, pkg.id, '3', pkg.amount, 0, 'EUR', true, 'fulfilled', 'sandbox', 'stripe', s.email,
              'en', now() - interval '6 days 12 hours', now() - interval '6 days 12 hours',
              now() - interval '6 days 12 hours'
         FROM spec s CROSS JOIN pkg
       RETURNING id, iccid, user_id, email),
     packages_in AS (
       INSERT INTO card_packages (iccid, package_id, order_id, name, status, data_bytes, used_bytes, validity_days,
                                  started_at, expire_timestamp, provider, provider_state, provider_assignment,
                                  applied_at, usage_at)
       SELECT o.iccid, pkg.id, o.id, 'Starter 1 GB', 'active', pkg.data_bytes, pkg.data_bytes / 10, 7,
              now() - interval '6 days 12 hours', s.ends, 'simulator', 'applied', 'sim_bench_renew_' || o.id,
              now() - interval '6 days 12 hours', now()
         FROM orders_in o JOIN spec s ON s.iccid = o.iccid CROSS JOIN pkg
       RETURNING id, iccid, provider_assignment, expire_timestamp),
     assignments_in AS (
       INSERT INTO simulator_assignments (id, iccid, reference, bundle, state, initial_bytes, used_bytes, unlimited,
                                          validity_days, day_used_bytes, day, started_at, ends_at, assigned_at)
       SELECT cp.provider_assignment, cp.iccid, cp.id::text, pkg.code, 'active', pkg.data_bytes, pkg.data_bytes / 10,
              false, 7, 0, (now() AT TIME ZONE 'UTC')::date, now() - interval '6 days 12 hours',
              to_timestamp(cp.expire_timestamp), now() - interval '6 days 12 hours'
         FROM packages_in cp CROSS JOIN pkg),
     network_in AS (
       INSERT INTO simulator_cards (iccid, status, country, network, last_seen_at)
       SELECT iccid, 'Activated', 'FR', 'Orange F', now() FROM spec),
     methods_in AS (
       INSERT INTO saved_payment_methods (user_id, iccid, provider, token, order_id, payer_email, brand, last4,
                                          exp_month, exp_year)
       SELECT o.user_id, o.iccid, 'sandbox', 'pm_bench_renew_' || o.id, o.id,
              CASE WHEN o.user_id IS NULL THEN lower(o.email) END, 'visa', '4242', 12, 2099
         FROM orders_in o)
     SELECT cp.id::bigint AS id, cp.iccid, s.user_id IS NOT NULL AS account
       FROM packages_in cp JOIN spec s ON s.iccid = cp.iccid ORDER BY cp.id`,
    [count, ACCOUNT],
  );
  return {
    count: rows.length,
    packageIds: rows.map((row) => Number(row.id)),
    iccids: rows.map((row) => row.iccid),
    accountHeld: rows.filter((row) => row.account).length,
    setupMs: Date.now() - started,
  };
}

/** Where the due packages' renewals are: how many exist, are reminded, paid. */
async function renewalProgress(postgres, packageIds) {
  const [row] = await postgres.query(
    `SELECT count(*)::int AS renewals, count(*) FILTER (WHERE reminded_at IS NOT NULL)::int AS reminded,
            count(*) FILTER (WHERE status = 'paid')::int AS paid,
            count(*) FILTER (WHERE status IN ('paid', 'action_required', 'failed', 'stopped', 'capped'))::int AS final,
            coalesce(array_agg(id ORDER BY id), '{}') AS ids
       FROM renewals WHERE card_package_id = ANY($1::bigint[])`,
    [packageIds],
  );
  return { ...row, ids: (row?.ids ?? []).map(Number) };
}

/** How many of the renewals `ids` a charge job was queued for (the reminder job queues it once its mails are out). */
async function chargeQueuedFor(postgres, ids) {
  const [row] = await postgres.query(
    `SELECT count(DISTINCT x.id)::int AS n
       FROM pgboss.job j CROSS JOIN LATERAL jsonb_array_elements_text(j.data -> 'renewalIds') AS x(id)
      WHERE j.name = 'payments-renewal-charge' AND x.id::bigint = ANY($1::bigint[])`,
    [ids],
  );
  return row?.n ?? 0;
}

/**
 * Starts the renewal traffic `atMs` from now (call it when the load starts): the scan on demand (one job per
 * instance), then, as soon as the reminders are out and their charge job queued (a copy before that would charge a
 * renewal whose reminder is not sent yet, which the api never does), `copies` more deliveries of the charge job.
 * Answers the timeline (ms from the trigger) and stop(), which resolves once all of it was sent (or given up).
 */
export function startRenewals({ postgres, seeded, atMs, copies, instances }) {
  const timeline = { at: atMs, copies, scans: instances };
  let stopped = false;
  const run = (async () => {
    if (seeded.count === 0) return;
    await sleep(atMs);
    if (stopped) return;
    const t0 = Date.now();
    timeline.triggeredAt = t0;
    await queueJobs(
      postgres,
      'payments-renewal-scan',
      Array.from({ length: instances }, () => ({})),
    );
    // The expiry alerts of these packages (they end within 24 hours): the connectivity job, asked for at once too.
    await queueJobs(postgres, 'connectivity-expire', [{}]);
    const deadline = t0 + 60_000;
    for (;;) {
      const progress = await renewalProgress(postgres, seeded.packageIds).catch(() => null);
      if (progress && progress.renewals > 0 && timeline.createdMs === undefined) timeline.createdMs = Date.now() - t0;
      const reminded = progress && progress.renewals === seeded.count && progress.reminded === seeded.count;
      if (reminded && timeline.remindedMs === undefined) timeline.remindedMs = Date.now() - t0;
      const charging = reminded && (await chargeQueuedFor(postgres, progress.ids).catch(() => 0)) === seeded.count;
      if (charging) {
        timeline.chargeQueuedMs = Date.now() - t0;
        timeline.unpaidAtCopies = seeded.count - progress.paid;
        const jobs = [];
        for (let copy = 0; copy < copies; copy += 1) {
          // Other lists than the reminder's own job (one list of all): each copy in lists of 10, every other one
          // in reverse order, so the instances' workers meet on the same renewals from both ends.
          const ids = copy % 2 ? [...progress.ids].reverse() : progress.ids;
          for (let index = 0; index < ids.length; index += 10) jobs.push({ renewalIds: ids.slice(index, index + 10) });
        }
        await queueJobs(postgres, 'payments-renewal-charge', jobs);
        timeline.copiesMs = Date.now() - t0;
        timeline.copyJobs = jobs.length;
        return;
      }
      if (stopped || Date.now() > deadline) {
        timeline.error =
          `reminders and their charge job not out after ${fixed((Date.now() - t0) / 1000, 0)} s: ` +
          JSON.stringify({ ...progress, ids: undefined });
        return;
      }
      await sleep(100);
    }
  })().catch((error) => {
    timeline.error = String(error?.message ?? error);
  });
  return {
    timeline,
    async stop() {
      stopped = true;
      await run;
    },
  };
}

/** Waits until every due package's renewal is settled (paid, or failed for good), up to `timeoutMs`. */
export async function settleRenewals(postgres, seeded, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const progress = await renewalProgress(postgres, seeded.packageIds).catch(() => null);
    if ((progress && progress.final >= seeded.count) || Date.now() - started > timeoutMs) {
      return { waitedMs: Date.now() - started, progress };
    }
    await sleep(500);
  }
}

/** Counts of `mails` ({ to, template }) per address and template. */
export function mailCounter(mails) {
  const counts = new Map();
  for (const mail of mails) {
    const key = `${mail.to}\n${mail.template}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return (to, template) => counts.get(`${String(to).toLowerCase()}\n${template}`) ?? 0;
}

/** What each due package's renewal made (the card's rows besides the package being renewed and its order). */
const PARTS = [
  ['renewals', 'renewal rows'],
  ['orders', 'orders'],
  ['charges', 'sandbox charges'],
  ['payments', 'payments'],
  ['events', 'succeeded payment events'],
  ['packages', 'new packages'],
  ['reminders', 'reminder mails'],
  ['receipts', 'receipt mails'],
];

/**
 * Per due package, from the database and the outbox: its renewal rows, the orders on its card after the one that
 * bought it (a renewal's order or any other), sandbox charges of the card, payments, succeeded payment events, new
 * packages on the card, reminder and receipt mails to its payer. Exactly once: each is 1 and the renewal is paid.
 */
export async function checkRenewals(postgres, seeded, mails) {
  if (seeded.count === 0) return { due: 0, once: 0, missing: [], doubled: [], totals: {}, statuses: {} };
  const rows = await postgres.query(
    `SELECT cp.id::bigint AS id, cp.iccid, c.email,
            (SELECT count(*) FROM renewals r WHERE r.card_package_id = cp.id)::int AS renewals,
            (SELECT string_agg(r.status, ',') FROM renewals r WHERE r.card_package_id = cp.id) AS statuses,
            (SELECT count(*) FROM orders o WHERE o.iccid = cp.iccid AND o.id <> cp.order_id)::int AS orders,
            (SELECT count(*) FROM sandbox_charges s JOIN orders o ON o.id = s.order_id
              WHERE o.iccid = cp.iccid)::int AS charges,
            (SELECT count(*) FROM payments p JOIN orders o ON o.id = p.order_id
              WHERE o.iccid = cp.iccid AND o.id <> cp.order_id)::int AS payments,
            (SELECT count(*) FROM payment_events e JOIN orders o ON o.id = e.order_id
              WHERE o.iccid = cp.iccid AND o.id <> cp.order_id AND e.type = 'succeeded')::int AS events,
            (SELECT count(*) FROM card_packages n WHERE n.iccid = cp.iccid AND n.id <> cp.id)::int AS packages
       FROM card_packages cp JOIN cards c ON c.iccid = cp.iccid
      WHERE cp.id = ANY($1::bigint[]) ORDER BY cp.id`,
    [seeded.packageIds],
  );
  const [paid] = await postgres.query(
    `SELECT max(updated_at) AS last FROM renewals WHERE card_package_id = ANY($1::bigint[]) AND status = 'paid'`,
    [seeded.packageIds],
  );
  const count = mailCounter(mails);
  const totals = Object.fromEntries(PARTS.map(([key]) => [key, 0]));
  const statuses = {};
  const missing = [];
  const doubled = [];
  let once = 0;
  for (const row of rows) {
    row.reminders = count(row.email, 'renewal-reminder');
    row.receipts = count(row.email, 'order');
    for (const [key] of PARTS) totals[key] += row[key];
    for (const status of (row.statuses ?? 'none').split(',')) statuses[status] = (statuses[status] ?? 0) + 1;
    const lacking = PARTS.filter(([key]) => row[key] === 0).map(([, name]) => name);
    const twice = PARTS.filter(([key]) => row[key] > 1).map(([key, name]) => `${name} ×${row[key]}`);
    if (row.statuses !== 'paid') lacking.push(`renewal ${row.statuses ?? 'not created'}`);
    if (lacking.length) missing.push({ id: Number(row.id), iccid: row.iccid, lacking });
    if (twice.length) doubled.push({ id: Number(row.id), iccid: row.iccid, twice });
    if (!lacking.length && !twice.length) once += 1;
  }
  return {
    due: seeded.count,
    accountHeld: seeded.accountHeld,
    once,
    missing,
    doubled,
    totals,
    statuses,
    lastPaidAt: paid?.last ? new Date(paid.last).getTime() : null,
  };
}

/** The renewal lines of a run's summary. */
export function renewalLines(renewals, timeline, settled) {
  if (renewals.due === 0) return ['renewals: none set up (BENCH_RENEWALS=0)'];
  const ms = (value) => (value === undefined ? '–' : `${fixed(value / 1000, 1)} s`);
  const first = (list) =>
    list.slice(0, 5).map((entry) => `${entry.iccid} (${(entry.lacking ?? entry.twice).join(', ')})`);
  return [
    `renewals: ${renewals.due} packages due (${renewals.accountHeld} held by an account, ` +
      `${renewals.due - renewals.accountHeld} by visitors), on demand at ${fixed(timeline.at / 1000, 0)} s ` +
      `(${timeline.scans} scan jobs at once, and the every-minute scan): created +${ms(timeline.createdMs)}, ` +
      `reminded +${ms(timeline.remindedMs)}, charge job queued +${ms(timeline.chargeQueuedMs)}, then delivered ` +
      `${timeline.copies} times more ` +
      `(${timeline.copyJobs ?? 0} jobs, queued while ${timeline.unpaidAtCopies ?? '–'} of ${renewals.due} were unpaid); ` +
      `the last paid +${ms(renewals.lastPaidAt === null ? undefined : renewals.lastPaidAt - timeline.triggeredAt)}` +
      (settled.waitedMs > 1000 ? ` (waited ${ms(settled.waitedMs)} after the load for them to settle)` : '') +
      (timeline.error ? ` (trigger: ${timeline.error})` : ''),
    `  per due package: ${PARTS.map(([key, name]) => `${renewals.totals[key]} ${name}`).join(', ')}; ` +
      `renewal status ${Object.entries(renewals.statuses)
        .map(([status, n]) => `${status} ×${n}`)
        .join(', ')}`,
    ...first(renewals.missing).map((line) => `  missing: ${line}`),
    ...first(renewals.doubled).map((line) => `  doubled: ${line}`),
  ];
}

/** The renewal rows of the targets table. */
export function renewalChecks(renewals) {
  if (renewals.due === 0) return [];
  return [
    [
      'due renewals charged and fulfilled exactly once (renewal, order, charge, payment, package, mails)',
      `${renewals.once} of ${renewals.due}`,
      verdict(renewals.once === renewals.due),
    ],
    noneTarget('due renewals missing (not paid, or a part of it missing)', renewals.missing.length),
    noneTarget(
      'due renewals doubled (a part of it twice: charged, paid, fulfilled or mailed)',
      renewals.doubled.length,
    ),
  ];
}
