import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { type Db, type Queryable } from '../../../db/index';
import { signSandboxEvent, verifySandboxSignature } from '../../payments/providers/sandbox';
import { WebhookRejected } from '../../payments/providers/types';
import {
  CallbackRejected,
  type AppliedBundle,
  type BundleState,
  type CardSnapshot,
  type ConnectivityProvider,
  type LastSeen,
  type UsageEvent,
} from './types';
import { runPools, type PoolLineRow, type SimulatorPoolRow } from './simulator-pools';
import {
  advanceProfile,
  profileSteps,
  failureFor,
  issuedOf,
  PROFILE_COLUMNS,
  randomMatchingId,
  randomShopIccid,
  statusOf,
  writeProfiles,
  type SimulatorProfileRow,
} from './simulator-profiles';

/**
 * The built-in simulator: a network of our own that carries every card but third-party ones, so `pnpm start` works
 * offline and the demo is alive. It keeps its own records (simulator_cards, simulator_assignments), and when it runs
 * (tick) the cards with a bundle use data at plausible rates, start queued bundles on first use, throttle unlimited
 * bundles past their daily fair use, deplete and expire bundles, move between countries, and report all of it to our
 * own callback endpoint signed with HMAC, exactly as a real provider does. Tests drive it with a fake clock.
 */

export const SIMULATOR_SIGNATURE_HEADER = 'simulator-signature';
/** The most network time one tick makes up for (the api was down for a day: the network does not burn a day). */
const MAX_TICK_SECONDS = 3_600;
const DAY_MS = 86_400_000;
/** A throttled card gets this share of its usual rate (about 1 Mbit/s instead of a full-speed day). */
const THROTTLED_SHARE = 0.05;
/** Countries a card roams through, one per simulated six hours (a traveller's trip). */
const TRIP: ReadonlyArray<readonly [string, string]> = [
  ['DE', 'Telekom.de'],
  ['FR', 'Orange F'],
  ['ES', 'Movistar'],
  ['IT', 'TIM'],
  ['AT', 'A1'],
];

const Report = z.object({
  id: z.string().min(1).max(120),
  iccid: z.string().regex(/^[0-9A-Za-z]{19,20}$/),
  reference: z.string().max(40).nullable(),
  assignment: z.string().min(1).max(64),
  at: z.iso.datetime(),
  state: z.enum(['queued', 'active', 'depleted', 'expired', 'revoked']),
  initial_bytes: z.int().nonnegative().nullable(),
  used_bytes: z.int().nonnegative(),
  unlimited: z.boolean(),
  throttled: z.boolean(),
  started_at: z.iso.datetime().nullable(),
  ends_at: z.iso.datetime().nullable(),
  /** A member card's use of a shared bundle (a pool): used_bytes is this card's, initial_bytes the pool's. */
  pool: z.boolean().optional(),
});
export const SimulatorCallback = z.object({ reports: z.array(Report).min(1).max(5_000) });
export type SimulatorReport = z.infer<typeof Report>;

export interface SimulatorOptions {
  db: Db;
  /** Signs the usage callbacks (SIMULATOR_SECRET; random per start when unset). */
  secret: string;
  now?: () => Date;
  /** How much faster than real time the simulated phones use data (SIMULATOR_SPEED, default 60). */
  speed?: number;
  /** Posts one signed callback to our endpoint (as the provider would over HTTP); answers whether it was taken. */
  deliver?: (body: string, signature: string) => Promise<boolean>;
  /** Bundles the simulator refuses for good (tests of the refusal path). */
  refusedBundles?: ReadonlyArray<string>;
  /** Share (0..1) of new profiles whose installation fails (SIMULATOR_INSTALL_FAIL_SHARE, default 0.05). */
  installFailShare?: number;
  /** Simulated seconds from a profile's release to its installation (SIMULATOR_INSTALL_SECONDS, default 90). */
  installSeconds?: number;
  /** The SM-DP+ address of the simulator's profiles (ESIM_SMDP_ADDRESS). */
  smdpAddress?: string;
}

export const DEFAULT_INSTALL_FAIL_SHARE = 0.05;
/** Attempts at a fresh random ICCID when one is taken (10^12 of them: practically never twice). */
const ICCID_TRIES = 5;

export interface Simulator extends ConnectivityProvider {
  /** Runs the network from its last run to now; answers the number of reports sent. One instance at a time. */
  tick(): Promise<number>;
  /** Signs a callback body the way the simulator does (tests and the usage benchmark post their own). */
  sign(body: string, timestamp?: number): string;
}

interface AssignmentRow {
  id: string;
  iccid: string;
  reference: string;
  bundle: string;
  state: BundleState;
  initial_bytes: number | null;
  used_bytes: number;
  unlimited: boolean;
  validity_days: number;
  fair_use_daily_bytes: number | null;
  day_used_bytes: number;
  day: string | null;
  started_at: Date | null;
  ends_at: Date | null;
  assigned_at: Date;
  report_seq: number;
}

const ASSIGNMENT_COLUMNS = `id, iccid, reference, bundle, state, initial_bytes, used_bytes, unlimited, validity_days,
  fair_use_daily_bytes, day_used_bytes, to_char(day, 'YYYY-MM-DD') AS day, started_at, ends_at, assigned_at, report_seq`;

/** A card's usual use in bytes per real second at speed 1: 0.4 to 1.2 GB a day, fixed per card. */
export function cardRate(iccid: string): number {
  const spread = createHash('sha256').update(iccid).digest().readUInt16BE(0) / 0xffff;
  return ((0.4 + 0.8 * spread) * 1024 ** 3) / 86_400;
}

function throttledNow(row: AssignmentRow): boolean {
  return row.unlimited && row.fair_use_daily_bytes !== null && row.day_used_bytes >= row.fair_use_daily_bytes;
}

function toBundle(row: AssignmentRow): AppliedBundle {
  return {
    assignmentId: row.id,
    reference: row.reference,
    bundle: row.bundle,
    state: row.state,
    initialBytes: row.initial_bytes,
    remainingBytes: row.initial_bytes === null ? null : Math.max(0, row.initial_bytes - row.used_bytes),
    usedBytes: row.used_bytes,
    unlimited: row.unlimited,
    throttled: throttledNow(row),
    startedAt: row.started_at,
    endsAt: row.ends_at,
  };
}

function toReport(row: AssignmentRow, at: Date): SimulatorReport {
  return {
    id: `${row.id}:${row.report_seq}`,
    iccid: row.iccid,
    reference: row.reference,
    assignment: row.id,
    at: at.toISOString(),
    state: row.state,
    initial_bytes: row.initial_bytes,
    used_bytes: row.used_bytes,
    unlimited: row.unlimited,
    throttled: throttledNow(row),
    started_at: row.started_at?.toISOString() ?? null,
    ends_at: row.ends_at?.toISOString() ?? null,
  };
}

/** A report as the usage ingestion reads it (the callback's and the pull's common form). */
export function reportToEvent(report: SimulatorReport): UsageEvent {
  return {
    eventKey: report.id,
    iccid: report.iccid,
    reference: report.reference,
    assignmentId: report.assignment,
    at: new Date(report.at),
    state: report.state,
    initialBytes: report.initial_bytes,
    remainingBytes: report.initial_bytes === null ? null : Math.max(0, report.initial_bytes - report.used_bytes),
    usedBytes: report.used_bytes,
    unlimited: report.unlimited,
    throttled: report.throttled,
    startedAt: report.started_at ? new Date(report.started_at) : null,
    endsAt: report.ends_at ? new Date(report.ends_at) : null,
    ...(report.pool ? { poolLine: true } : {}),
  };
}

/** One card's network time: the bundle in use burns data; the first queued one starts when none is in use. */
function runCard(rows: AssignmentRow[], from: Date, to: Date, speed: number): AssignmentRow[] {
  const changed: AssignmentRow[] = [];
  const active = rows.find((row) => row.state === 'active');
  if (!active) {
    // First use of the next bundle in line: its validity starts now.
    const next = rows.filter((row) => row.state === 'queued').sort((a, b) => +a.assigned_at - +b.assigned_at)[0];
    if (!next) return changed;
    next.state = 'active';
    next.started_at = to;
    next.ends_at = new Date(to.getTime() + next.validity_days * DAY_MS);
    changed.push(next);
    return changed;
  }
  const seconds = Math.max(0, (to.getTime() - from.getTime()) / 1000);
  const day = to.toISOString().slice(0, 10);
  if (active.day !== day) {
    active.day = day;
    active.day_used_bytes = 0;
  }
  const rate = cardRate(active.iccid) * speed * (throttledNow(active) ? THROTTLED_SHARE : 1);
  let used = Math.round(rate * seconds);
  if (active.initial_bytes !== null && !active.unlimited) {
    used = Math.min(used, Math.max(0, active.initial_bytes - active.used_bytes));
  }
  active.used_bytes += used;
  active.day_used_bytes += used;
  if (active.ends_at && active.ends_at.getTime() <= to.getTime()) active.state = 'expired';
  else if (!active.unlimited && active.initial_bytes !== null && active.used_bytes >= active.initial_bytes) {
    active.state = 'depleted';
  }
  if (used > 0 || active.state !== 'active') changed.push(active);
  return changed;
}

export function createSimulator(options: SimulatorOptions): Simulator {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const speed = options.speed ?? 60;
  const refused = new Set(options.refusedBundles ?? []);
  const installFailShare = options.installFailShare ?? DEFAULT_INSTALL_FAIL_SHARE;
  const steps = profileSteps(options.installSeconds ?? 90);
  const smdpAddress = options.smdpAddress ?? 'smdp.example.com';
  const sign = (body: string, timestamp = Math.floor(now().getTime() / 1000)) =>
    signSandboxEvent(options.secret, body, timestamp);

  const assignmentsOf = (q: Queryable, iccid: string) =>
    q.query<AssignmentRow>(
      `SELECT ${ASSIGNMENT_COLUMNS} FROM simulator_assignments WHERE iccid = $1 ORDER BY assigned_at, id`,
      [iccid],
    );

  async function lastSeen(iccid: string): Promise<LastSeen | null> {
    const row = await db.one<{ country: string | null; network: string | null; last_seen_at: Date | null }>(
      `SELECT country, network, last_seen_at FROM simulator_cards WHERE iccid = $1`,
      [iccid],
    );
    if (!row?.last_seen_at) return null;
    return { country: row.country, network: row.network, at: row.last_seen_at };
  }

  /** The pool's lines are exactly these cards (a card taken out keeps its figures and draws no more). */
  async function setLines(q: Queryable, poolId: string, iccids: ReadonlyArray<string>) {
    await q.query(
      `UPDATE simulator_pool_lines SET active = false WHERE pool_id = $1 AND NOT (iccid = ANY($2::text[]))`,
      [poolId, iccids],
    );
    await q.query(
      `INSERT INTO simulator_pool_lines (pool_id, iccid) SELECT $1, unnest($2::text[])
       ON CONFLICT (pool_id, iccid) DO UPDATE SET active = true`,
      [poolId, iccids],
    );
  }

  async function writePools(q: Queryable, pooled: ReturnType<typeof runPools>) {
    if (pooled.pools.length > 0) {
      await q.query(
        `UPDATE simulator_pools p SET state = v.state, used_bytes = v.used, updated_at = now()
           FROM unnest($1::text[], $2::text[], $3::bigint[]) AS v(id, state, used) WHERE p.id = v.id`,
        [
          pooled.pools.map((pool) => pool.id),
          pooled.pools.map((pool) => pool.state),
          pooled.pools.map((pool) => pool.used_bytes),
        ],
      );
    }
    if (pooled.lines.length > 0) {
      await q.query(
        `UPDATE simulator_pool_lines l SET used_bytes = v.used, report_seq = v.seq
           FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[]) AS v(pool_id, iccid, used, seq)
          WHERE l.pool_id = v.pool_id AND l.iccid = v.iccid`,
        [
          pooled.lines.map((line) => line.pool_id),
          pooled.lines.map((line) => line.iccid),
          pooled.lines.map((line) => line.used_bytes),
          pooled.lines.map((line) => line.report_seq),
        ],
      );
    }
  }

  async function writeBack(q: Queryable, rows: AssignmentRow[]) {
    if (rows.length === 0) return;
    await q.query(
      `UPDATE simulator_assignments a SET state = v.state, used_bytes = v.used, day_used_bytes = v.day_used,
              day = v.day::date, started_at = v.started, ends_at = v.ends, report_seq = v.seq, updated_at = now()
         FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::text[], $6::timestamptz[],
                     $7::timestamptz[], $8::bigint[]) AS v(id, state, used, day_used, day, started, ends, seq)
        WHERE a.id = v.id`,
      [
        rows.map((row) => row.id),
        rows.map((row) => row.state),
        rows.map((row) => row.used_bytes),
        rows.map((row) => row.day_used_bytes),
        rows.map((row) => row.day),
        rows.map((row) => row.started_at),
        rows.map((row) => row.ends_at),
        rows.map((row) => row.report_seq),
      ],
    );
  }

  return {
    name: 'simulator',
    sign,

    async apply(request) {
      if (refused.has(request.bundle)) return { status: 'refused', reason: `bundle ${request.bundle} is not sold` };
      // A card of another network (third-party) is not ours to carry.
      const foreign = await db.one(`SELECT 1 FROM cards WHERE iccid = $1 AND is_third_party`, [request.iccid]);
      if (foreign) return { status: 'refused', reason: 'the card is not on this network' };
      await db.query(`INSERT INTO simulator_cards (iccid) VALUES ($1) ON CONFLICT (iccid) DO NOTHING`, [request.iccid]);
      const row = await db.one<{ id: string; iccid: string }>(
        `INSERT INTO simulator_assignments (id, iccid, reference, bundle, initial_bytes, unlimited, validity_days,
                                           fair_use_daily_bytes, assigned_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (reference) DO UPDATE SET reference = EXCLUDED.reference
         RETURNING id, iccid`,
        [
          `sim_${randomBytes(12).toString('base64url')}`,
          request.iccid,
          request.reference,
          request.bundle,
          request.unlimited ? null : request.dataBytes,
          request.unlimited,
          request.validityDays,
          request.fairUseDailyBytes,
          now(),
        ],
      );
      if (!row) throw new Error('simulator assignment not stored');
      if (row.iccid !== request.iccid) return { status: 'refused', reason: 'reference already used for another card' };
      return { status: 'applied', assignmentId: row.id };
    },

    async applyPool(request) {
      if (refused.has(request.bundle)) return { status: 'refused', reason: `bundle ${request.bundle} is not sold` };
      return db.tx(async (q) => {
        const at = now();
        const row = await q.one<{ id: string }>(
          `INSERT INTO simulator_pools (id, reference, bundle, state, initial_bytes, unlimited, validity_days,
                                       started_at, ends_at, assigned_at)
           VALUES ($1, $2, $3, 'active', $4, $5, $6, $7, $8, $7)
           ON CONFLICT (reference) DO UPDATE SET reference = EXCLUDED.reference
           RETURNING id`,
          [
            `simpool_${randomBytes(12).toString('base64url')}`,
            request.reference,
            request.bundle,
            request.unlimited ? null : request.dataBytes,
            request.unlimited,
            request.validityDays,
            at,
            request.endsAt ?? new Date(at.getTime() + request.validityDays * DAY_MS),
          ],
        );
        if (!row) throw new Error('simulator pool not stored');
        await setLines(q, row.id, request.iccids);
        return { status: 'applied', assignmentId: row.id };
      });
    },

    async syncPool(request) {
      await db.tx(async (q) => {
        const pool = await q.one<{ id: string }>(
          `UPDATE simulator_pools SET
                  state = CASE WHEN $2 AND state IN ('queued', 'active') THEN 'revoked' ELSE state END,
                  ends_at = coalesce($3, ends_at), updated_at = now()
            WHERE id = $1 RETURNING id`,
          [request.assignmentId, request.stopped, request.endsAt],
        );
        if (pool) await setLines(q, pool.id, request.stopped ? [] : request.iccids);
      });
    },

    async listBundles(iccid) {
      return (await assignmentsOf(db, iccid)).map(toBundle);
    },

    async snapshot(iccid): Promise<CardSnapshot> {
      const [card, rows] = await Promise.all([
        db.one<{ status: CardSnapshot['status'] }>(`SELECT status FROM simulator_cards WHERE iccid = $1`, [iccid]),
        assignmentsOf(db, iccid),
      ]);
      return {
        iccid,
        status: card?.status ?? 'Ready',
        lastSeen: await lastSeen(iccid),
        bundles: rows.map(toBundle),
        at: now(),
      };
    },

    async setSuspended(iccid, suspended) {
      await db.query(
        `INSERT INTO simulator_cards (iccid, status) VALUES ($1, $2)
         ON CONFLICT (iccid) DO UPDATE SET status = CASE
           WHEN $3 THEN 'Suspension'
           WHEN simulator_cards.last_seen_at IS NOT NULL
             OR EXISTS (SELECT 1 FROM simulator_assignments a WHERE a.iccid = $1 AND a.started_at IS NOT NULL)
             THEN 'Activated'
           ELSE 'Ready' END`,
        [iccid, suspended ? 'Suspension' : 'Ready', suspended],
      );
    },

    async revokeBundle({ iccid, assignmentId }) {
      // Gone from the network at once: the next run uses no more of it, and the next queued bundle takes over.
      await db.query(
        `UPDATE simulator_assignments SET state = 'revoked'
          WHERE id = $1 AND iccid = $2 AND state IN ('queued', 'active')`,
        [assignmentId, iccid],
      );
    },

    async orderProfile(request) {
      if (refused.has(request.bundle)) return { status: 'refused', reason: `bundle ${request.bundle} is not sold` };
      return db.tx(async (q) => {
        const byReference = () =>
          q.one<SimulatorProfileRow>(`SELECT ${PROFILE_COLUMNS} FROM simulator_profiles WHERE reference = $1`, [
            request.reference,
          ]);
        // Once per reference: a retry gets the profile the first attempt got.
        const earlier = await byReference();
        if (earlier) return { status: 'issued' as const, profile: issuedOf(earlier) };
        const at = now();
        for (let attempt = 0; attempt < ICCID_TRIES; attempt += 1) {
          const iccid = randomShopIccid();
          const made = await q.one<SimulatorProfileRow>(
            `INSERT INTO simulator_profiles (iccid, eid, reference, smdp_address, matching_id, fail_reason,
                                             released_at, state_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
             ON CONFLICT DO NOTHING RETURNING ${PROFILE_COLUMNS}`,
            [iccid, request.eid, request.reference, smdpAddress, randomMatchingId(), failureFor(installFailShare), at],
          );
          if (!made) {
            const concurrent = await byReference();
            if (concurrent) return { status: 'issued' as const, profile: issuedOf(concurrent) };
            continue;
          }
          await q.query(`INSERT INTO simulator_cards (iccid) VALUES ($1) ON CONFLICT (iccid) DO NOTHING`, [iccid]);
          const assignment = `sim_${randomBytes(12).toString('base64url')}`;
          await q.query(
            `INSERT INTO simulator_assignments (id, iccid, reference, bundle, initial_bytes, unlimited, validity_days,
                                               fair_use_daily_bytes, assigned_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [
              assignment,
              iccid,
              request.reference,
              request.bundle,
              request.unlimited ? null : request.dataBytes,
              request.unlimited,
              request.validityDays,
              request.fairUseDailyBytes,
              at,
            ],
          );
          await q.query(`UPDATE simulator_profiles SET assignment_id = $2 WHERE iccid = $1`, [iccid, assignment]);
          return { status: 'issued' as const, profile: issuedOf({ ...made, assignment_id: assignment }) };
        }
        throw new Error('simulator: no free ICCID found');
      });
    },

    async profileStatus(iccid) {
      return db.tx(async (q) => {
        const row = await q.one<SimulatorProfileRow>(
          `SELECT ${PROFILE_COLUMNS} FROM simulator_profiles WHERE iccid = $1 FOR UPDATE`,
          [iccid],
        );
        if (!row) return null;
        if (advanceProfile(row, now(), steps)) await writeProfiles(q, [row]);
        return statusOf(row);
      });
    },

    async profileAction(iccid, action) {
      await db.tx(async (q) => {
        const row = await q.one<SimulatorProfileRow>(
          `SELECT ${PROFILE_COLUMNS} FROM simulator_profiles WHERE iccid = $1 FOR UPDATE`,
          [iccid],
        );
        // A profile the simulator did not issue (seeded elsewhere): nothing of ours to move.
        if (!row) return;
        const at = now();
        advanceProfile(row, at, steps);
        row.state = action === 'enable' ? 'enabled' : action === 'disable' ? 'disabled' : 'deleted';
        row.state_at = at;
        row.installed_at ??= action === 'delete' ? null : at;
        await writeProfiles(q, [row]);
        // A deleted profile is gone from the network with its bundles.
        if (action === 'delete') {
          await q.query(
            `UPDATE simulator_assignments SET state = 'revoked' WHERE iccid = $1 AND state IN ('queued', 'active')`,
            [iccid],
          );
        }
      });
      return 'done';
    },

    lastSeen,

    async verifyCallback(rawBody, headers) {
      try {
        verifySandboxSignature(
          options.secret,
          rawBody,
          headers[SIMULATOR_SIGNATURE_HEADER],
          Math.floor(now().getTime() / 1000),
        );
      } catch (error) {
        throw new CallbackRejected(error instanceof WebhookRejected ? error.message : 'bad signature');
      }
      let parsed: z.infer<typeof SimulatorCallback>;
      try {
        parsed = SimulatorCallback.parse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        throw new CallbackRejected('unreadable callback');
      }
      return parsed.reports.map(reportToEvent);
    },

    async tick() {
      const to = now();
      const reports = await db.tx(async (q) => {
        // One instance runs the network at a time; the others find it taken and skip this round.
        const lock = await q.one<{ locked: boolean }>(`SELECT pg_try_advisory_xact_lock(4021779) AS locked`);
        if (!lock?.locked) return [];
        const clock = await q.one<{ ticked_at: Date }>(`SELECT ticked_at FROM simulator_clock FOR UPDATE`);
        await q.query(
          `INSERT INTO simulator_clock (id, ticked_at) VALUES (true, $1)
           ON CONFLICT (id) DO UPDATE SET ticked_at = EXCLUDED.ticked_at`,
          [to],
        );
        // A clock that went back (a test's offset removed) starts again from now.
        if (!clock || clock.ticked_at.getTime() >= to.getTime()) return [];
        const from = new Date(Math.max(clock.ticked_at.getTime(), to.getTime() - MAX_TICK_SECONDS * 1000));
        // The phones take their profiles' next steps (download, install, enable) first: a profile enabled now is used.
        const moving = await q.query<SimulatorProfileRow>(
          `SELECT ${PROFILE_COLUMNS} FROM simulator_profiles
            WHERE state IN ('released', 'downloaded', 'installed') ORDER BY iccid FOR UPDATE`,
        );
        await writeProfiles(
          q,
          moving.filter((row) => advanceProfile(row, to, steps)),
        );
        const live = await q.query<AssignmentRow>(
          `SELECT ${ASSIGNMENT_COLUMNS} FROM simulator_assignments a
            WHERE a.state IN ('queued', 'active')
              AND NOT EXISTS (SELECT 1 FROM simulator_cards c WHERE c.iccid = a.iccid AND c.status = 'Suspension')
              AND NOT EXISTS (SELECT 1 FROM simulator_profiles p WHERE p.iccid = a.iccid AND p.state <> 'enabled')
            ORDER BY a.iccid, a.assigned_at, a.id FOR UPDATE`,
        );
        // Shared bundles first: a card that is a line of a pool with data left draws from the pool, not its own.
        const pools = await q.query<SimulatorPoolRow>(
          `SELECT id, reference, state, initial_bytes, used_bytes, unlimited, started_at, ends_at
             FROM simulator_pools WHERE state IN ('queued', 'active') ORDER BY assigned_at, id FOR UPDATE`,
        );
        const lines = await q.query<PoolLineRow>(
          `SELECT l.pool_id, l.iccid, l.used_bytes, l.report_seq FROM simulator_pool_lines l
            WHERE l.active AND l.pool_id = ANY($1::text[])
              AND NOT EXISTS (SELECT 1 FROM simulator_cards c WHERE c.iccid = l.iccid AND c.status = 'Suspension')
            ORDER BY l.pool_id, l.iccid FOR UPDATE`,
          [pools.map((pool) => pool.id)],
        );
        const pooled = runPools(pools, lines, from, to, (iccid) => cardRate(iccid) * speed);
        await writePools(q, pooled);
        const byCard = new Map<string, AssignmentRow[]>();
        for (const row of live) {
          if (pooled.served.has(row.iccid)) continue;
          byCard.set(row.iccid, [...(byCard.get(row.iccid) ?? []), row]);
        }
        const changed = [...byCard.values()].flatMap((rows) => runCard(rows, from, to, speed));
        for (const row of changed) row.report_seq += 1;
        await writeBack(q, changed);
        // The cards in use are online somewhere on the trip, and in service once they used a bundle.
        // Phones with an enabled profile are attached to a network whether or not they use data now.
        const attached = await q.query<{ iccid: string }>(
          `SELECT iccid FROM simulator_profiles WHERE state = 'enabled' ORDER BY iccid`,
        );
        const online = [
          ...new Set([
            ...changed.map((row) => row.iccid),
            ...pooled.reports.map((r) => r.iccid),
            ...attached.map((row) => row.iccid),
          ]),
        ];
        const stop = TRIP[Math.floor(to.getTime() / (DAY_MS / 4)) % TRIP.length] ?? TRIP[0];
        if (online.length > 0 && stop) {
          await q.query(
            `UPDATE simulator_cards SET last_seen_at = $2, country = $3, network = $4,
                    status = CASE WHEN status = 'Ready' THEN 'Activated' ELSE status END
              WHERE iccid = ANY($1::text[])`,
            [online, to, stop[0], stop[1]],
          );
        }
        return [...pooled.reports, ...changed.map((row) => toReport(row, to))];
      });
      if (reports.length > 0 && options.deliver) {
        // A lost callback loses nothing: figures are cumulative, the next report and the periodic pull carry them.
        const body = JSON.stringify({ reports });
        await options.deliver(body, sign(body)).catch(() => false);
      }
      return reports.length;
    },
  };
}
