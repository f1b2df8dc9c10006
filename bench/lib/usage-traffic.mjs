// Usage events across the api instances, for bench:load and chaos (issue 23: "usage events stay exactly once"). The
// built-in connectivity simulator runs its network on every instance (connectivity/plugin.ts: a timer of
// SIMULATOR_TICK_SECONDS each; simulator.ts tick() takes an advisory lock, so one instance at a time moves the network
// on) and posts each tick's signed usage reports to the ticking instance's own callback endpoint. This adds cards that
// use data during the run, delivers the same callbacks again to every instance at once, and checks afterwards that
// each report was applied once and the shop's figures are the network's.
//
// Set-up (SQL, before the load): BENCH_USAGE_CARDS cards (40) of agent 3, held by visitors (usage-<n>@bench.example),
// each with one "Starter 1 GB" package in force on the simulated network, 60 to 90% used: at the run's speed
// (SIMULATOR_SPEED, BENCH_SIMULATOR_SPEED: 200) they cross the 20% and 5% low-data alerts, some run out.
// During the run: every BENCH_USAGE_REPLAY_MS (1000) the reports the simulator made since the last look are read
// back from its records, signed as it signs them, and posted at the same moment to each api instance directly and
// through HAProxy (the same body 4 times).
// After the run: the network is held still (the simulator's advisory lock taken by this process: every instance's
// tick then skips), the callbacks in flight land, every card on the simulator is refreshed through the api (the
// pull: POST /eshop/refresh/card, with REFRESH_MIN_SECONDS=0), then: each event key stored once in
// connectivity_events, every report the simulator made stored, each package's used_bytes equal to the simulator's
// assignment's, and the alerts of the set-up cards raised once each (card_alerts), none missing, each with one notice
// and one mail.
import { createHmac } from 'node:crypto';

import { callEnvelope } from './load-generator.mjs';
import { sleep } from './processes.mjs';
import { fixed } from './report.mjs';
import { noneTarget, verdict } from './shop-traffic.mjs';

/** simulator.ts tick(): pg_try_advisory_xact_lock(4021779), one instance's tick at a time. */
const SIMULATOR_LOCK = 4021779;
const CALLBACK_PATH = '/eshop/webhooks/connectivity/simulator';
/** connectivity/usage.ts DEFAULT_THRESHOLDS: percent of data left (the set-up cards keep the defaults). */
const THRESHOLDS = [20, 5];
/** connectivity/alerts.ts EXPIRY_ALERT_HOURS. */
const EXPIRY_HOURS = 24;

/** The cards, their packages and their assignments at the simulator; answers what was set up. */
export async function seedUsage(postgres, { count }) {
  const started = Date.now();
  if (count <= 0) return { count: 0, iccids: [], setupMs: 0 };
  const rows = await postgres.query(
    `WITH pkg AS (SELECT id, code, data_bytes FROM packages WHERE code = 'global-1gb-7d'),
     spec AS (
       SELECT g AS n, '899702' || lpad(g::text, 14, '0') AS iccid, 'usage-' || g || '@bench.example' AS email,
              round(pkg.data_bytes * (0.6 + 0.3 * ((g * 7) % 31) / 30.0))::bigint AS used, pkg.data_bytes,
              extract(epoch FROM now())::bigint + 5 * 86400 AS ends
         FROM generate_series(1, $1::int) g CROSS JOIN pkg),
     cards_in AS (
       INSERT INTO cards (iccid, agent_flag, status, email, total_bytes, used_bytes, expire_timestamp, activated_at)
       SELECT iccid, '3', 'Activated', email, data_bytes, used, ends, now() - interval '2 days' FROM spec
       RETURNING iccid),
     packages_in AS (
       INSERT INTO card_packages (iccid, package_id, name, status, data_bytes, used_bytes, validity_days, started_at,
                                  expire_timestamp, provider, provider_state, provider_assignment, applied_at, usage_at)
       SELECT s.iccid, pkg.id, 'Starter 1 GB', 'active', s.data_bytes, s.used, 7, now() - interval '2 days', s.ends,
              'simulator', 'applied', 'sim_bench_usage_' || s.n, now() - interval '2 days', now()
         FROM spec s CROSS JOIN pkg
       RETURNING id, iccid, provider_assignment, used_bytes, expire_timestamp),
     assignments_in AS (
       INSERT INTO simulator_assignments (id, iccid, reference, bundle, state, initial_bytes, used_bytes, unlimited,
                                          validity_days, day_used_bytes, day, started_at, ends_at, assigned_at)
       SELECT cp.provider_assignment, cp.iccid, cp.id::text, pkg.code, 'active', pkg.data_bytes, cp.used_bytes, false,
              7, 0, (now() AT TIME ZONE 'UTC')::date, now() - interval '2 days', to_timestamp(cp.expire_timestamp),
              now() - interval '2 days'
         FROM packages_in cp CROSS JOIN pkg),
     network_in AS (
       INSERT INTO simulator_cards (iccid, status, country, network, last_seen_at)
       SELECT iccid, 'Activated', 'FR', 'Orange F', now() FROM spec)
     SELECT iccid FROM packages_in ORDER BY iccid`,
    [count],
  );
  return { count: rows.length, iccids: rows.map((row) => row.iccid), setupMs: Date.now() - started };
}

const iso = (value) => (value === null || value === undefined ? null : new Date(value).toISOString());

/** The report the simulator made of an assignment at its report_seq (simulator.ts toReport), from its record. */
function reportOf(row) {
  const fairUse = row.fair_use_daily_bytes === null ? null : Number(row.fair_use_daily_bytes);
  return {
    id: `${row.id}:${row.report_seq}`,
    iccid: row.iccid,
    reference: row.reference,
    assignment: row.id,
    at: iso(row.updated_at),
    state: row.state,
    initial_bytes: row.initial_bytes === null ? null : Number(row.initial_bytes),
    used_bytes: Number(row.used_bytes),
    unlimited: row.unlimited,
    throttled: row.unlimited && fairUse !== null && Number(row.day_used_bytes) >= fairUse,
    started_at: iso(row.started_at),
    ends_at: iso(row.ends_at),
  };
}

/** The simulator's signature header (payments/providers/sandbox.ts signSandboxEvent: Stripe's scheme). */
export function signCallback(secret, body, timestamp = Math.floor(Date.now() / 1000)) {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/**
 * Replays the simulator's callbacks every `intervalMs` until stopped: the reports made since the last look, one body,
 * posted at once to every target ({ name, origin }). Answers stop(), which resolves to what was sent and answered.
 */
export function startReplays({ postgres, client, targets, secret, intervalMs }) {
  const sent = new Map();
  const stats = { callbacks: 0, reports: 0, posts: 0, answered: 0, failed: {}, byInstance: {}, readErrors: 0 };
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await sleep(intervalMs);
      let rows;
      try {
        rows = await postgres.query(
          `SELECT id, iccid, reference, state, initial_bytes, used_bytes, unlimited, fair_use_daily_bytes,
                  day_used_bytes, started_at, ends_at, report_seq, updated_at
             FROM simulator_assignments WHERE report_seq > 0 ORDER BY updated_at DESC LIMIT 2000`,
        );
      } catch {
        stats.readErrors += 1;
        continue;
      }
      const fresh = rows.filter((row) => Number(row.report_seq) > (sent.get(row.id) ?? 0)).slice(0, 1000);
      if (fresh.length === 0) continue;
      for (const row of fresh) sent.set(row.id, Number(row.report_seq));
      const body = JSON.stringify({ reports: fresh.map(reportOf) });
      const headers = { 'content-type': 'application/json', 'simulator-signature': signCallback(secret, body) };
      stats.callbacks += 1;
      stats.reports += fresh.length;
      await Promise.all(
        targets.map(async (target) => {
          stats.posts += 1;
          try {
            const response = await client.request(`${target.origin}${CALLBACK_PATH}`, {
              method: 'POST',
              headers,
              body,
            });
            const by = target.balancer ? String(response.headers['x-served-by'] ?? '?') : target.name;
            if (response.status >= 200 && response.status < 300) {
              stats.answered += 1;
              stats.byInstance[by] = (stats.byInstance[by] ?? 0) + 1;
            } else {
              stats.failed[`${target.name}: http ${response.status}`] =
                (stats.failed[`${target.name}: http ${response.status}`] ?? 0) + 1;
            }
          } catch (error) {
            const kind = `${target.name}: ${error?.kind ?? error?.message ?? error}`;
            stats.failed[kind] = (stats.failed[kind] ?? 0) + 1;
          }
        }),
      );
    }
  })();
  return {
    stats,
    async stop() {
      stopped = true;
      await loop;
      return stats;
    },
  };
}

/** Callbacks each instance answered (2xx) and usage reports by outcome, from its own metrics since it started. */
export async function instanceCallbacks(apis) {
  const result = {};
  for (const api of apis) {
    try {
      const text = await (await fetch(`${api.origin}/eshop/metrics`)).text();
      let callbacks = 0;
      const reports = {};
      for (const line of text.split('\n')) {
        const request = /^http_request_duration_seconds_count\{([^}]*)\} (\d+)/.exec(line);
        if (request && request[1].includes('/webhooks/connectivity/') && /status="2\d\d"/.test(request[1])) {
          callbacks += Number(request[2]);
        }
        const usage = /^usage_reports_total\{([^}]*)\} (\d+)/.exec(line);
        const outcome = usage && /outcome="([^"]+)"/.exec(usage[1])?.[1];
        if (outcome) reports[outcome] = (reports[outcome] ?? 0) + Number(usage[2]);
      }
      result[api.name] = { callbacks, reports };
    } catch (error) {
      result[api.name] = { error: String(error?.message ?? error) };
    }
  }
  return result;
}

/**
 * Holds the simulated network still (its lock, on a session of this process, until release()), waits for the
 * callbacks in flight, and refreshes every card on the simulator through the api. Answers { pulled, failed,
 * release() }.
 */
export async function holdAndPull({ postgres, client, apiOrigin }) {
  const session = await postgres.connect();
  await session.query('SELECT pg_advisory_lock($1)', [SIMULATOR_LOCK]);
  // The last tick's callback is posted after its transaction commits (in-process, a few ms; seconds under load).
  await sleep(3000);
  const cards = await postgres.query(
    `SELECT DISTINCT c.iccid, c.agent_flag FROM card_packages cp JOIN cards c ON c.iccid = cp.iccid
      WHERE cp.provider = 'simulator' AND NOT c.is_third_party ORDER BY c.iccid`,
  );
  const failed = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < cards.length) {
        const card = cards[next++];
        try {
          await callEnvelope(client, `${apiOrigin}/eshop/refresh/card`, { flag: card.agent_flag, iccid: card.iccid });
        } catch (error) {
          const kind = String(error?.kind ?? error?.message ?? error);
          failed[kind] = (failed[kind] ?? 0) + 1;
        }
      }
    }),
  );
  return {
    pulled: cards.length,
    failed,
    async release() {
      await session.query('SELECT pg_advisory_unlock($1)', [SIMULATOR_LOCK]).catch(() => undefined);
      await session.end().catch(() => undefined);
    },
  };
}

const STATUS_OF = { queued: 'init', active: 'active', depleted: 'stop', expired: 'stop', revoked: 'invalid' };

/**
 * The checks after the final pull (the network held still): reports and event keys, each package's figures against
 * the simulator's, and the alerts of the set-up cards (`iccids`) against their final figures, the notices and the
 * mails (`mails`, the outbox).
 */
export async function checkUsage(postgres, { iccids, mails }) {
  const [reports] = await postgres.query(
    `SELECT count(*)::int AS made, count(e.event_key)::int AS stored
       FROM simulator_assignments a CROSS JOIN LATERAL generate_series(1, a.report_seq) AS s(n)
       LEFT JOIN connectivity_events e ON e.provider = 'simulator' AND e.event_key = a.id || ':' || s.n`,
  );
  const [events] = await postgres.query(
    `SELECT count(*)::int AS keys, count(*) FILTER (WHERE event_key LIKE 'pull:%')::int AS pulls,
            (SELECT count(*) FROM (SELECT 1 FROM connectivity_events GROUP BY provider, event_key
                                    HAVING count(*) > 1) twice)::int AS twice
       FROM connectivity_events`,
  );
  const packages = await postgres.query(
    `SELECT cp.id::bigint AS id, cp.iccid, cp.used_bytes::bigint AS used, a.used_bytes::bigint AS network,
            cp.unlimited, cp.status, a.state
       FROM card_packages cp JOIN simulator_assignments a ON a.reference = cp.id::text
      WHERE cp.provider = 'simulator'`,
  );
  const [pending] = await postgres.query(
    `SELECT count(*)::int AS n FROM card_packages WHERE provider = 'simulator' AND provider_state = 'pending'`,
  );
  const differ = packages.filter((row) => row.used !== row.network);
  const stateDiffers = packages.filter((row) => STATUS_OF[row.state] !== row.status);

  const [alerts] = await postgres.query(
    `SELECT count(*) FILTER (WHERE kind = 'low_data')::int AS low, count(*) FILTER (WHERE kind = 'expiry')::int AS expiry,
            count(*) FILTER (WHERE notice_id IS NULL OR mailed_at IS NULL)::int AS undelivered,
            (SELECT count(*) FROM (SELECT 1 FROM card_alerts WHERE iccid = ANY($1::text[])
                                    GROUP BY card_package_id, kind, threshold HAVING count(*) > 1) twice)::int AS twice,
            (SELECT count(*) FROM (SELECT DISTINCT card_package_id, kind, mailed_at FROM card_alerts
                                    WHERE iccid = ANY($1::text[]) AND mailed_at IS NOT NULL) groups)::int AS mail_groups,
            (SELECT count(*) FROM notices n WHERE n.iccid = ANY($1::text[])
                AND NOT EXISTS (SELECT 1 FROM card_alerts x WHERE x.notice_id = n.id))::int AS stray_notices,
            (SELECT count(*) FROM notices n WHERE n.iccid = ANY($1::text[]))::int AS notices
       FROM card_alerts WHERE iccid = ANY($1::text[])`,
    [iccids],
  );
  // Due: the thresholds each package's final figures are under (usage.ts raiseDataAlerts), and the end within 24
  // hours of an active package (alerts.ts raiseExpiryAlerts); raised: a card_alerts row of that package and kind.
  const [due] = await postgres.query(
    `WITH low AS (
       SELECT cp.id, t.threshold FROM card_packages cp CROSS JOIN unnest($2::smallint[]) AS t(threshold)
        WHERE cp.iccid = ANY($1::text[]) AND NOT cp.unlimited AND cp.data_bytes > 0
          AND (cp.status = 'active' OR cp.ended_reason = 'depleted')
          AND (cp.data_bytes - least(cp.used_bytes, cp.data_bytes)) * 100 <= t.threshold * cp.data_bytes),
     ending AS (
       SELECT cp.id FROM card_packages cp
        WHERE cp.iccid = ANY($1::text[]) AND cp.status = 'active'
          AND cp.expire_timestamp > extract(epoch FROM now()) AND cp.expire_timestamp <= extract(epoch FROM now()) + $3 * 3600)
     SELECT (SELECT count(*) FROM low)::int AS low,
            (SELECT count(*) FROM low WHERE NOT EXISTS (SELECT 1 FROM card_alerts a WHERE a.card_package_id = low.id
                AND a.kind = 'low_data' AND a.threshold = low.threshold))::int AS low_missing,
            (SELECT count(*) FROM ending)::int AS expiry,
            (SELECT count(*) FROM ending WHERE NOT EXISTS (SELECT 1 FROM card_alerts a WHERE a.card_package_id = ending.id
                AND a.kind = 'expiry'))::int AS expiry_missing`,
    [iccids, THRESHOLDS, EXPIRY_HOURS],
  );
  const addresses = new Set(
    (await postgres.query(`SELECT lower(email) AS email FROM cards WHERE iccid = ANY($1::text[])`, [iccids])).map(
      (row) => row.email,
    ),
  );
  const alertMails = mails.filter((mail) => addresses.has(mail.to) && mail.template.startsWith('alert-')).length;

  const alertsMissing =
    due.low_missing + due.expiry_missing + alerts.undelivered + Math.max(0, alerts.mail_groups - alertMails);
  const alertsDoubled = alerts.twice + alerts.stray_notices + Math.max(0, alertMails - alerts.mail_groups);
  return {
    reports: { made: reports.made, stored: reports.stored, lost: reports.made - reports.stored },
    events,
    packages: { compared: packages.length, differ, stateDiffers, pending: pending.n },
    alerts: { ...alerts, due, mails: alertMails, missing: alertsMissing, doubled: alertsDoubled },
  };
}

/** The usage lines of a run's summary. */
export function usageLines({ usage, seeded, settings, replays, instances, pull }) {
  const n = (value) => Number(value).toLocaleString('en-US');
  const perInstance = Object.entries(instances)
    .map(([name, figures]) => {
      if (figures.error) return `${name} ? (${figures.error})`;
      const own = figures.callbacks - (replays.byInstance[name] ?? 0);
      return `${name} ${own}`;
    })
    .join(', ');
  const applied = Object.entries(instances)
    .map(([name, figures]) => `${name} ${figures.reports?.applied ?? 0}/${figures.reports?.duplicate ?? 0}`)
    .join(', ');
  const gb = (bytes) => fixed(Number(bytes) / 1024 ** 3, 3);
  const lines = [
    `usage: ${seeded.count} cards set up at 60-90% of 1 GB; with the demo's and the bought ones, ` +
      `${usage.packages.compared} packages on the simulator (SIMULATOR_SPEED=${settings.speed}, a tick every ` +
      `${settings.tick} s on each instance)`,
    `  ticks that posted a callback, by instance: ${perInstance}; reports applied/duplicate (ticks and replays): ` +
      `${applied} (each instance's metrics since its last start)`,
    `  replays: ${n(replays.callbacks)} callbacks (${n(replays.reports)} reports) posted to ${replays.targets} at once, ` +
      `${n(replays.answered)} of ${n(replays.posts)} answered 2xx` +
      (Object.keys(replays.failed).length
        ? ` (${Object.entries(replays.failed)
            .map(([kind, count]) => `${kind} ×${count}`)
            .join(', ')})`
        : ''),
    `  reports the simulator made: ${n(usage.reports.made)}, stored ${n(usage.reports.stored)} (` +
      `${n(usage.reports.lost)} never delivered: the pull carries their figures); event keys ${n(usage.events.keys)} ` +
      `(${n(usage.events.pulls)} of pulls, the minute's and the final), stored twice ${usage.events.twice}`,
    `  final pull: ${pull.pulled} cards refreshed through the api` +
      (Object.keys(pull.failed).length ? ` (failed: ${JSON.stringify(pull.failed)})` : '') +
      `; used_bytes equal to the simulator's for ${usage.packages.compared - usage.packages.differ.length} of ` +
      `${usage.packages.compared} packages, state equal for ${usage.packages.compared - usage.packages.stateDiffers.length}` +
      (usage.packages.pending ? `, ${usage.packages.pending} still pending at the network` : ''),
    ...usage.packages.differ
      .slice(0, 5)
      .map(
        (row) =>
          `  differs: package ${row.id} (${row.iccid}${row.unlimited ? ', unlimited' : ''}, ${row.status}/${row.state}) ` +
          `${gb(row.used)} GB, simulator ${gb(row.network)} GB`,
      ),
    `  alerts of the set-up cards: ${usage.alerts.low} low-data (due ${usage.alerts.due.low}), ${usage.alerts.expiry} ` +
      `expiry (due ${usage.alerts.due.expiry}); ${usage.alerts.notices} notices (${usage.alerts.stray_notices} of no ` +
      `alert), ${usage.alerts.mails} mails for ${usage.alerts.mail_groups} mailed alert groups, ` +
      `${usage.alerts.undelivered} not delivered`,
  ];
  return lines;
}

/** The usage rows of the targets table. */
export function usageChecks(usage) {
  return [
    noneTarget('usage event keys stored twice (connectivity_events)', usage.events.twice),
    [
      "packages whose used_bytes ≠ the simulator's after the final pull",
      `${usage.packages.differ.length} of ${usage.packages.compared}`,
      verdict(usage.packages.differ.length === 0),
    ],
    noneTarget('alerts missing (due but not raised, or no notice or mail)', usage.alerts.missing),
    noneTarget('alerts doubled (raised, noticed or mailed twice)', usage.alerts.doubled),
  ];
}
