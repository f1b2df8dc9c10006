import { type Queryable } from '../../db/index';
import { chunked } from '../../lib/concurrently';
import { QUEUES, type JobQueue } from './jobs';

/**
 * New eSIM profiles bought in the eSIM shop. Each paid order of product_kind 'esim' gets one profile request, stored
 * with its job in the fulfilling transaction; the job (connectivity/esim-profiles.ts) orders the profile from the
 * connectivity provider, which issues its ICCID, SM-DP+ address and matching ID (the shop never makes them up), and
 * then adds the profile's card, its place in the slot and the package. esim_profile_requests.order_id is the primary
 * key: a second fulfilment of the same order (a replayed event) adds no request and no job.
 */

/** The SM-DP+ server of the simulator's profiles (ESIM_SMDP_ADDRESS; the demo's server by default). */
export function smdpAddress(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.ESIM_SMDP_ADDRESS?.trim();
  return configured && /^[A-Za-z0-9.-]{1,253}$/.test(configured) ? configured : 'smdp.example.com';
}

/** Profile requests per job: each is one outside call. */
const PROFILES_PER_JOB = 5;

interface ProfileOrder {
  id: number;
  eid: string | null;
}

/**
 * Stores the profile requests of paid eSIM orders with their jobs (two statements for any number); answers the
 * orders whose request is new. Safe to run again for the same order: nothing is stored or queued twice.
 */
export async function queueProfiles(q: Queryable, jobs: JobQueue, orders: readonly ProfileOrder[]): Promise<number[]> {
  if (orders.length === 0) return [];
  for (const order of orders) {
    if (!order.eid) throw new Error(`order ${order.id}: an eSIM order without a slot`);
  }
  const stored = await q.query<{ order_id: number }>(
    `INSERT INTO esim_profile_requests (order_id, eid)
     SELECT * FROM unnest($1::bigint[], $2::text[])
     ON CONFLICT (order_id) DO NOTHING RETURNING order_id`,
    [orders.map((order) => order.id), orders.map((order) => order.eid)],
  );
  const ids = stored.map((row) => Number(row.order_id));
  await jobs.sendMany(
    q,
    QUEUES.esimProfileOrder,
    chunked(ids, PROFILES_PER_JOB).map((orderIds) => ({ data: { orderIds } })),
  );
  return ids;
}
