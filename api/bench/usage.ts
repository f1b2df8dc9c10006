// Usage ingestion throughput on PostgreSQL: the simulator's signed usage callbacks, POSTed over HTTP to the real
// endpoint (POST /eshop/webhooks/connectivity/simulator → verifyCallback → connectivity.ingest → usage.ts ingestIn),
// with duplicates, late (out-of-order) reports and a few hot cards. Prints reports per second, how many reports were
// counted twice (must be 0) and whether every package's and card's final figures are the expected ones.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm bench:usage [EVENTS]
//
// Settings (environment): BENCH_USAGE_EVENTS (reports sent, duplicates included; default 1,000,000; also argv[2]),
// BENCH_USAGE_BATCH (reports per callback, default 1000), BENCH_USAGE_CONCURRENCY (callbacks in flight, default 4),
// BENCH_USAGE_CARDS (default 2000), BENCH_USAGE_SEED (default 1). Runs in a schema of its own (dropped at the end);
// always exits 0 once it ran: the targets are in the output.
import { randomBytes } from 'node:crypto';
import { type AddressInfo } from 'node:net';
import os from 'node:os';
import { buildApp } from '../src/app';
import { createDb, type Db } from '../src/db/index';
import { migrate } from '../src/db/migrate';
import { createMemoryMailer } from '../src/mail';
import { SIMULATOR_SIGNATURE_HEADER, type SimulatorReport } from '../src/modules/connectivity/providers/simulator';
import { type IngestResult } from '../src/modules/connectivity/usage';

const DATABASE_URL = process.env.DATABASE_URL;
const EVENTS = positive(process.argv[2] ?? process.env.BENCH_USAGE_EVENTS, 1_000_000, 'BENCH_USAGE_EVENTS');
const BATCH = positive(process.env.BENCH_USAGE_BATCH, 1000, 'BENCH_USAGE_BATCH');
const CONCURRENCY = positive(process.env.BENCH_USAGE_CONCURRENCY, 4, 'BENCH_USAGE_CONCURRENCY');
const CARDS = positive(process.env.BENCH_USAGE_CARDS, 2000, 'BENCH_USAGE_CARDS');
const SEED = positive(process.env.BENCH_USAGE_SEED, 1, 'BENCH_USAGE_SEED');
/** Shares of the reports sent: resent ids, and reports sent after a newer one of their package. */
const DUPLICATE_SHARE = 0.1;
const LATE_SHARE = 0.05;
/** A few hot cards get this share of the distinct reports (thousands each). */
const HOT_CARDS = Math.min(5, CARDS);
const HOT_SHARE = 0.2;
/** Every UNLIMITED_EVERY-th card's package is unlimited. */
const UNLIMITED_EVERY = 10;
/** Large enough that no package runs low (no alert is due; the alert statement still runs for every batch). */
const PACKAGE_BYTES = 2 ** 40;
/** The endpoint's body limit (http.ts CALLBACK_BODY_LIMIT) and the simulator schema's largest batch. */
const BODY_LIMIT = 2 * 1024 * 1024;
const SCHEMA_MAX_REPORTS = 5000;
const TARGET_PER_SECOND = 5000;
const REFERENCE_ROWS = 1_000_000;
const PROVIDER = 'simulator';

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value.replace(/[_,]/g, ''));
  if (!Number.isInteger(number) || number <= 0) throw new Error(`${name} must be a positive integer, not ${value}`);
  return number;
}

const out = (line = '') => process.stdout.write(`${line}\n`);
const fmt = (value: number) => Math.round(value).toLocaleString('en-US');
const seconds = (fromMs: number) => (performance.now() - fromMs) / 1000;

/** A small seeded generator (mulberry32): the same reports on every run with one seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Card {
  iccid: string;
  packageId: number;
  assignment: string;
  unlimited: boolean;
  dataBytes: number | null;
}

interface Workload {
  /** Distinct reports, in the order the network made them: their card, number on the card, cumulative use. */
  reportCard: Uint32Array;
  reportSeq: Uint32Array;
  reportUsed: Float64Array;
  /** What is sent, in order: indexes into the distinct reports (a duplicate is an index sent a second time). */
  delivery: Uint32Array;
  /** The largest cumulative use reported per card (its package's expected used_bytes). */
  expectedUsed: Float64Array;
  distinct: number;
  duplicates: number;
  late: number;
  hotReports: number;
}

/**
 * The reports: each card's use grows report by report (1 KiB to 2 MiB each), every report with an id of its own
 * (assignment:number, as the simulator's). Then the delivery order: the network's order, shuffled within windows of
 * about one batch; 10% of the sends are an id sent again a few batches later; 5% are reports held back until after a
 * newer report of their package (a batch or more later), so old reports arrive in other batches than new ones.
 */
function generate(cards: readonly Card[], events: number, batch: number, rand: () => number): Workload {
  const duplicates = Math.round(events * DUPLICATE_SHARE);
  const distinct = events - duplicates;
  const hot = HOT_CARDS;
  const cold = cards.length - hot;
  const reportCard = new Uint32Array(distinct);
  const reportSeq = new Uint32Array(distinct);
  const reportUsed = new Float64Array(distinct);
  const seq = new Uint32Array(cards.length);
  const used = new Float64Array(cards.length);
  let hotReports = 0;
  for (let index = 0; index < distinct; index += 1) {
    const toHot = cold === 0 || rand() < HOT_SHARE;
    const card = toHot ? Math.floor(rand() * hot) : hot + Math.floor(rand() * cold);
    if (toHot) hotReports += 1;
    const number = (seq[card] ?? 0) + 1;
    const total = (used[card] ?? 0) + 1024 + Math.floor(rand() * 2 * 1024 * 1024);
    seq[card] = number;
    used[card] = total;
    reportCard[index] = card;
    reportSeq[index] = number;
    reportUsed[index] = total;
  }

  // The next report of the same card, to hold a report back until after it.
  const next = new Int32Array(distinct).fill(-1);
  const lastOf = new Int32Array(cards.length).fill(-1);
  for (let index = distinct - 1; index >= 0; index -= 1) {
    const card = reportCard[index] ?? 0;
    next[index] = lastOf[card] ?? -1;
    lastOf[card] = index;
  }
  const keys = new Float64Array(events);
  const target = new Uint32Array(events);
  for (let index = 0; index < distinct; index += 1) {
    target[index] = index;
    keys[index] = index + rand() * batch;
  }
  // Late reports: sent at least a batch after the newer report of their package.
  const wantedLate = Math.min(Math.round(events * LATE_SHARE), distinct);
  const isLate = new Uint8Array(distinct);
  let late = 0;
  for (let tries = 0; late < wantedLate && tries < wantedLate * 20; tries += 1) {
    const index = Math.floor(rand() * distinct);
    const newer = next[index] ?? -1;
    if (newer < 0 || isLate[index]) continue;
    isLate[index] = 1;
    keys[index] = newer + batch + rand() * 4 * batch;
    late += 1;
  }
  // Duplicates: the same id again, one to ten batches after the first send.
  for (let index = distinct; index < events; index += 1) {
    const original = Math.floor(rand() * distinct);
    target[index] = original;
    keys[index] = (keys[original] ?? 0) + batch + rand() * 9 * batch;
  }
  const order = new Uint32Array(events);
  for (let index = 0; index < events; index += 1) order[index] = index;
  order.sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0));
  const delivery = new Uint32Array(events);
  for (let index = 0; index < events; index += 1) delivery[index] = target[order[index] ?? 0] ?? 0;

  const expectedUsed = new Float64Array(cards.length);
  for (let index = 0; index < distinct; index += 1) {
    const card = reportCard[index] ?? 0;
    expectedUsed[card] = Math.max(expectedUsed[card] ?? 0, reportUsed[index] ?? 0);
  }
  return { reportCard, reportSeq, reportUsed, delivery, expectedUsed, distinct, duplicates, late, hotReports };
}

/** What the delivery order does to the batches: reports older than one their package got in an earlier batch. */
function deliveryShape(work: Workload, cards: number, batch: number) {
  const newestBefore = new Uint32Array(cards);
  const newestNow = new Uint32Array(cards);
  const seen = new Uint8Array(work.distinct);
  const firstBatch = new Uint32Array(work.distinct);
  let staleFirst = 0;
  let duplicatesInOtherBatch = 0;
  for (let start = 0; start < work.delivery.length; start += batch) {
    const end = Math.min(start + batch, work.delivery.length);
    const batchNo = start / batch;
    for (let position = start; position < end; position += 1) {
      const report = work.delivery[position] ?? 0;
      const card = work.reportCard[report] ?? 0;
      const number = work.reportSeq[report] ?? 0;
      if (seen[report]) {
        if ((firstBatch[report] ?? 0) !== batchNo) duplicatesInOtherBatch += 1;
        continue;
      }
      seen[report] = 1;
      firstBatch[report] = batchNo;
      if (number < (newestBefore[card] ?? 0)) staleFirst += 1;
      if (number > (newestNow[card] ?? 0)) newestNow[card] = number;
    }
    newestBefore.set(newestNow);
  }
  return { staleFirst, duplicatesInOtherBatch };
}

function reportOf(work: Workload, cards: readonly Card[], index: number, startedAt: string, endsAt: string) {
  const card = cards[work.reportCard[index] ?? 0];
  if (!card) throw new Error(`no card for report ${index}`);
  const report: SimulatorReport = {
    id: `${card.assignment}:${work.reportSeq[index] ?? 0}`,
    iccid: card.iccid,
    reference: String(card.packageId),
    assignment: card.assignment,
    // The network's clock: one report a millisecond, in the order it made them.
    at: new Date(Date.parse(startedAt) + 3_600_000 + index).toISOString(),
    state: 'active',
    initial_bytes: card.dataBytes,
    used_bytes: work.reportUsed[index] ?? 0,
    unlimited: card.unlimited,
    throttled: false,
    started_at: startedAt,
    ends_at: endsAt,
  };
  return report;
}

function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

async function setUpCards(db: Db, count: number, startedAt: string, endsAt: string): Promise<Card[]> {
  await db.query(`INSERT INTO agents (flag, name, version, ccy) VALUES ('bench', 'Bench', 3, 'EUR')`);
  const rows = await db.query<{
    id: number;
    iccid: string;
    provider_assignment: string;
    unlimited: boolean;
    data_bytes: number | null;
  }>(
    `WITH input AS (
       SELECT g, '8988' || lpad(g::text, 16, '0') AS iccid, (g % $2 = 0) AS unlimited
         FROM generate_series(1, $1::int) g),
     cards_in AS (
       INSERT INTO cards (iccid, agent_flag, status, email, total_bytes, unlimited, activated_at)
       SELECT iccid, 'bench', 'Activated', 'usage' || g || '@example.com',
              CASE WHEN unlimited THEN 0 ELSE $3::bigint END, unlimited, $4::timestamptz
         FROM input
       RETURNING iccid)
     INSERT INTO card_packages (iccid, name, status, data_bytes, unlimited, validity_days, started_at,
                                expire_timestamp, provider, provider_state, provider_assignment, applied_at)
     SELECT i.iccid, CASE WHEN i.unlimited THEN 'Unlimited 30 days' ELSE 'Bench 1 TiB' END, 'active',
            CASE WHEN i.unlimited THEN NULL ELSE $3::bigint END, i.unlimited, 30, $4::timestamptz,
            extract(epoch FROM $5::timestamptz)::bigint, 'simulator', 'applied', 'sim_bench_' || lpad(i.g::text, 8, '0'),
            $4::timestamptz
       FROM input i JOIN cards_in c ON c.iccid = i.iccid
     RETURNING id, iccid, provider_assignment, unlimited, data_bytes`,
    [count, UNLIMITED_EVERY, PACKAGE_BYTES, startedAt, endsAt],
  );
  await db.query('ANALYZE');
  return rows
    .map((row) => ({
      iccid: row.iccid,
      packageId: Number(row.id),
      assignment: row.provider_assignment,
      unlimited: row.unlimited,
      dataBytes: row.data_bytes === null ? null : Number(row.data_bytes),
    }))
    .sort((a, b) => (a.iccid < b.iccid ? -1 : 1));
}

/** The same-run yardstick: what this machine's PostgreSQL stores in plain set-based inserts. */
async function reference(db: Db): Promise<{ temp: number; keyed: number }> {
  return db.tx(async (q) => {
    await q.query(`CREATE TEMP TABLE bench_reference (provider text, event_key text, iccid text,
                                                     received_at timestamptz NOT NULL DEFAULT now())`);
    let start = performance.now();
    await q.query(
      `INSERT INTO bench_reference (provider, event_key, iccid)
       SELECT 'simulator', 'sim_ref:' || g, '8988' || lpad((g % 2000)::text, 16, '0') FROM generate_series(1, $1::int) g`,
      [REFERENCE_ROWS],
    );
    const temp = REFERENCE_ROWS / seconds(start);
    await q.query(`CREATE TABLE bench_reference_events (LIKE connectivity_events INCLUDING ALL)`);
    start = performance.now();
    await q.query(
      `INSERT INTO bench_reference_events (provider, event_key, iccid)
       SELECT 'simulator', 'sim_ref:' || g, '8988' || lpad((g % 2000)::text, 16, '0') FROM generate_series(1, $1::int) g`,
      [REFERENCE_ROWS],
    );
    const keyed = REFERENCE_ROWS / seconds(start);
    await q.query(`DROP TABLE bench_reference_events`);
    await q.query(`DROP TABLE bench_reference`);
    return { temp, keyed };
  });
}

async function main() {
  if (!DATABASE_URL)
    throw new Error('DATABASE_URL (PostgreSQL) is required, e.g. postgres://postgres@127.0.0.1:5432/test');
  if (BATCH > SCHEMA_MAX_REPORTS)
    throw new Error(`BENCH_USAGE_BATCH is at most ${SCHEMA_MAX_REPORTS} (simulator schema)`);
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const db = await createDb({ databaseUrl: DATABASE_URL, schema, dropSchemaOnClose: true, maxConnections: 20 });
  try {
    await migrate(db);
    const version = await db.one<{ version: string }>(`SELECT version()`);
    const cpus = os.cpus();
    out('usage ingestion benchmark (POST /eshop/webhooks/connectivity/simulator over HTTP)');
    out(`date: ${new Date().toISOString()}`);
    out(
      `machine: ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM; Node ${process.version}`,
    );
    out(`postgresql: ${version?.version ?? 'unknown'}`);

    let start = performance.now();
    const startedAt = new Date(Date.now() - 86_400_000).toISOString();
    const endsAt = new Date(Date.now() + 29 * 86_400_000).toISOString();
    const cards = await setUpCards(db, CARDS, startedAt, endsAt);
    const unlimitedCards = cards.filter((card) => card.unlimited).length;
    out(
      `set-up: ${fmt(cards.length)} cards with one active package each (${HOT_CARDS} hot, ${fmt(unlimitedCards)} unlimited) in ${seconds(start).toFixed(1)} s`,
    );

    start = performance.now();
    const work = generate(cards, EVENTS, BATCH, random(SEED));
    const shape = deliveryShape(work, cards.length, BATCH);
    out(
      `reports: ${fmt(EVENTS)} sent = ${fmt(work.distinct)} distinct ids + ${fmt(work.duplicates)} duplicates ` +
        `(${fmt(shape.duplicatesInOtherBatch)} of them in another batch than the first send); ` +
        `${fmt(work.late)} held back until after a newer report of their package ` +
        `(${fmt(shape.staleFirst)} first sends in all arrive after a newer one in an earlier batch); ` +
        `hot cards: ${fmt(work.hotReports)} distinct reports (${((100 * work.hotReports) / work.distinct).toFixed(1)}%, ` +
        `~${fmt(work.hotReports / HOT_CARDS)} per hot card); generated in ${seconds(start).toFixed(1)} s`,
    );

    const bodyOf = (batchNo: number): string => {
      const reports: SimulatorReport[] = [];
      const end = Math.min((batchNo + 1) * BATCH, work.delivery.length);
      for (let position = batchNo * BATCH; position < end; position += 1) {
        reports.push(reportOf(work, cards, work.delivery[position] ?? 0, startedAt, endsAt));
      }
      return JSON.stringify({ reports });
    };
    const batches = Math.ceil(EVENTS / BATCH);
    // The largest batch's body must fit the endpoint's limit (reports differ little in size: check a few).
    let largestBody = 0;
    for (const batchNo of [0, Math.floor(batches / 2), batches - 1]) {
      largestBody = Math.max(largestBody, Buffer.byteLength(bodyOf(batchNo)));
    }
    if (largestBody > BODY_LIMIT * 0.9) {
      throw new Error(`a batch of ${BATCH} is ${fmt(largestBody)} bytes, over 90% of the 2 MiB body limit`);
    }

    const app = await buildApp({
      db,
      mailer: createMemoryMailer(),
      payments: { sandboxSecret: randomBytes(32).toString('hex'), workers: false },
      connectivity: { provider: 'simulator', simulatorTickSeconds: 0, workers: false },
    });
    const simulator = app.connectivity.simulator;
    if (!simulator) throw new Error('the simulator is not the connectivity provider');
    // The endpoint answers no counts: add up what ingestion answered (the same call, only counted).
    const sums: Omit<IngestResult, 'alertIds'> & { alerts: number } = {
      applied: 0,
      duplicates: 0,
      unmatched: 0,
      alerts: 0,
    };
    const ingest = app.connectivity.ingest.bind(app.connectivity);
    app.connectivity.ingest = async (events) => {
      const result = await ingest(events);
      sums.applied += result.applied;
      sums.duplicates += result.duplicates;
      sums.unmatched += result.unmatched;
      sums.alerts += result.alertIds.length;
      return result;
    };
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = app.server.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}/eshop/webhooks/connectivity/simulator`;
      out(
        `callbacks: ${fmt(batches)} of ${fmt(BATCH)} reports (largest body ~${(largestBody / 1024).toFixed(0)} KiB of the 2 MiB limit), ` +
          `concurrency ${CONCURRENCY}, client: Node global fetch (undici, keep-alive), server ${url}`,
      );

      const latencies: number[] = [];
      let retries = 0;
      let nextBatch = 0;
      const send = async (batchNo: number) => {
        const body = bodyOf(batchNo);
        for (let attempt = 1; ; attempt += 1) {
          const sent = performance.now();
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', [SIMULATOR_SIGNATURE_HEADER]: simulator.sign(body) },
            body,
          });
          const answer = await response.text();
          latencies.push(performance.now() - sent);
          if (response.ok) return;
          // A provider delivers a failed callback again (the endpoint answers 5xx when ingestion failed).
          if (response.status < 500 || attempt >= 5) {
            throw new Error(`callback ${batchNo} answered ${response.status}: ${answer.slice(0, 300)}`);
          }
          retries += 1;
        }
      };
      let lastReport = performance.now();
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let batchNo = nextBatch++; batchNo < batches; batchNo = nextBatch++) {
            await send(batchNo);
            if (performance.now() - lastReport > 10_000) {
              lastReport = performance.now();
              const elapsed = seconds(started);
              const done = Math.min(nextBatch * BATCH, EVENTS);
              out(`  ~${fmt(done)} reports after ${elapsed.toFixed(0)} s (${fmt(done / elapsed)}/s)`);
            }
          }
        }),
      );
      const elapsed = seconds(started);
      const rate = EVENTS / elapsed;
      latencies.sort((a, b) => a - b);

      const counts = await db.one<{ rows: number; keys: number; alerts: number }>(
        `SELECT (SELECT count(*) FROM connectivity_events WHERE provider = $1)::int AS rows,
                (SELECT count(DISTINCT event_key) FROM connectivity_events WHERE provider = $1)::int AS keys,
                (SELECT count(*) FROM card_alerts)::int AS alerts`,
        [PROVIDER],
      );
      const rows = counts?.rows ?? -1;
      const storedTwice = rows - (counts?.keys ?? 0);
      const unmatched = Math.max(0, work.distinct - rows);
      const countedTwice = rows - work.distinct;
      const figures = await db.one<{ packages_ok: number; cards_sum_ok: number; cards_ok: number }>(
        `WITH expected AS (
           SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[]) AS e(package_id, iccid, used)),
         checked AS (
           SELECT e.iccid, cp.used_bytes = e.used AS package_ok,
                  c.used_bytes = (SELECT coalesce(sum(a.used_bytes), 0) FROM card_packages a
                                   WHERE a.iccid = c.iccid AND a.status = 'active') AS sum_ok,
                  c.used_bytes = e.used AS card_ok
             FROM expected e
             JOIN card_packages cp ON cp.id = e.package_id
             JOIN cards c ON c.iccid = e.iccid)
         SELECT count(*) FILTER (WHERE package_ok)::int AS packages_ok,
                count(*) FILTER (WHERE sum_ok)::int AS cards_sum_ok,
                count(*) FILTER (WHERE package_ok AND sum_ok AND card_ok)::int AS cards_ok
           FROM checked`,
        [
          cards.map((card) => card.packageId),
          cards.map((card) => card.iccid),
          cards.map((_card, index) => work.expectedUsed[index] ?? 0),
        ],
      );
      const cardsOk = figures?.cards_ok ?? 0;

      out();
      out(`events: ${fmt(EVENTS)}  batch size: ${fmt(BATCH)}  concurrency: ${CONCURRENCY}`);
      out(`elapsed: ${elapsed.toFixed(1)} s`);
      out(`rate: ${fmt(rate)} events/s (${fmt(work.distinct / elapsed)} distinct reports applied/s)`);
      out(
        `callback round trip: p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p95 ${percentile(latencies, 0.95).toFixed(0)} ms, ` +
          `max ${percentile(latencies, 1).toFixed(0)} ms; redelivered after a 5xx: ${retries}`,
      );
      out(
        `ingestion answered (sum of IngestResult): applied ${fmt(sums.applied)}, duplicates ${fmt(sums.duplicates)}, ` +
          `unmatched ${fmt(sums.unmatched)}, alerts ${fmt(sums.alerts)}`,
      );
      out(
        `database: applied ${fmt(rows)} (connectivity_events rows), duplicates ${fmt(EVENTS - rows - unmatched)} ` +
          `(sent - applied - unmatched), unmatched ${fmt(unmatched)} (distinct ids sent never stored), alerts ${fmt(counts?.alerts ?? 0)}`,
      );
      out(
        `counted twice: ${countedTwice} (connectivity_events rows ${fmt(rows)} - distinct report ids sent ${fmt(work.distinct)}); ` +
          `report ids stored more than once: ${storedTwice}`,
      );
      out(
        `final figures: ${fmt(cardsOk)} of ${fmt(cards.length)} cards as expected ` +
          `(package used = largest reported: ${fmt(figures?.packages_ok ?? 0)}; ` +
          `card used = sum of its active packages: ${fmt(figures?.cards_sum_ok ?? 0)})`,
      );

      const yardstick = await reference(db);
      out(
        `reference (same run, same server): INSERT ... SELECT generate_series of ${fmt(REFERENCE_ROWS)} rows: ` +
          `${fmt(yardstick.temp)} rows/s into a temp table; ${fmt(yardstick.keyed)} rows/s into a table shaped like ` +
          `connectivity_events (primary key, WAL)`,
      );
      out();
      out(
        `target >= ${fmt(TARGET_PER_SECOND)} events/s: ${rate >= TARGET_PER_SECOND ? 'PASS' : 'MISS'} (${fmt(rate)})`,
      );
      out(`counted twice: ${countedTwice} ${countedTwice === 0 && storedTwice === 0 ? 'PASS' : 'MISS'}`);
      out(`figures: ${cardsOk === cards.length ? 'PASS' : 'MISS'} (${fmt(cardsOk)} of ${fmt(cards.length)} cards)`);
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
