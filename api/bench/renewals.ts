// Auto-renewal throughput on PostgreSQL: N packages due for renewal (each on its own card, with a saved sandbox
// payment method) go through the real job queue (scan → reminder → charge → exactly-once fulfilment). Prints
// renewals per second and the number of double charges (must be 0).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx api/bench/renewals.ts [N]
//
// Runs in a schema of its own (dropped at the end); N defaults to 10000 (the target: 100k in 2 minutes).
import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app';
import { createDb } from '../src/db/index';
import { migrate } from '../src/db/migrate';
import { createMemoryMailer } from '../src/mail';
import { seed } from '../src/seed';

const N = Number(process.argv[2] ?? process.env.BENCH_RENEWALS ?? 10_000);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function main() {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const db = await createDb({ databaseUrl: DATABASE_URL, schema, dropSchemaOnClose: true, maxConnections: 20 });
  try {
    await migrate(db);
    await seed(db);
    const setupStart = Date.now();
    // N cards of agent 3 (EUR), each with a paid order (renewal on) whose package ends in 12 hours, and the
    // sandbox token that order saved.
    await db.query(
      `WITH pkg AS (SELECT id FROM packages WHERE code = 'global-1gb-7d'),
            cards_in AS (
              INSERT INTO cards (iccid, agent_flag, status, email, total_bytes)
              SELECT '8999' || lpad(g::text, 16, '0'), '3', 'Activated', 'bench' || g || '@example.com', 1073741824
                FROM generate_series(1, $1) g
              RETURNING iccid),
            orders_in AS (
              INSERT INTO orders (iccid, package_id, agent_flag, amount, tax_amount, currency, renewal, status, provider,
                                  pay_method, email, lang, paid_at, fulfilled_at)
              SELECT iccid, (SELECT id FROM pkg), '3', 450, 0, 'EUR', true, 'fulfilled', 'sandbox', 'stripe',
                     'bench@example.com', 'en', now(), now()
                FROM cards_in
              RETURNING id, iccid),
            packages_in AS (
              INSERT INTO card_packages (iccid, package_id, order_id, name, status, data_bytes, validity_days,
                                         started_at, expire_timestamp)
              SELECT iccid, (SELECT id FROM pkg), id, 'Starter 1 GB', 'active', 1073741824, 7, now(),
                     extract(epoch FROM now())::bigint + 12 * 3600
                FROM orders_in
              RETURNING order_id)
       INSERT INTO saved_payment_methods (iccid, provider, token, order_id, payer_email)
       SELECT o.iccid, 'sandbox', 'pm_bench_' || o.id, o.id, 'bench@example.com' FROM orders_in o`,
      [N],
    );
    await db.query('ANALYZE');
    process.stdout.write(`${N} due renewals set up in ${((Date.now() - setupStart) / 1000).toFixed(1)} s\n`);

    const app = await buildApp({
      db,
      mailer: createMemoryMailer(),
      payments: { sandboxSecret: randomBytes(32).toString('hex'), workers: true, jobPollingSeconds: 0.5 },
    });
    await app.ready();
    const start = Date.now();
    try {
      await app.payments.jobs.send(db, 'payments-renewal-scan', {});
      let paid = 0;
      let last = -1;
      while (paid < N) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const row = await db.one<{ paid: number; failed: number }>(
          `SELECT count(*) FILTER (WHERE status = 'paid')::int AS paid,
                  count(*) FILTER (WHERE status NOT IN ('scheduled', 'charging', 'paid'))::int AS failed
             FROM renewals`,
        );
        paid = row?.paid ?? 0;
        if (paid !== last) {
          process.stdout.write(`  ${paid}/${N} paid after ${((Date.now() - start) / 1000).toFixed(1)} s\n`);
          last = paid;
        }
        if ((row?.failed ?? 0) > 0) throw new Error(`${row?.failed} renewals did not go through`);
        if (Date.now() - start > 30 * 60_000) throw new Error('gave up after 30 minutes');
      }
      const seconds = (Date.now() - start) / 1000;
      const doubles = await db.one<{ doubles: number }>(
        `SELECT (SELECT count(*) FROM payments p JOIN renewals r ON r.order_id = p.order_id)::int
              - (SELECT count(DISTINCT (r.card_package_id, r.period_end)) FROM payments p
                   JOIN renewals r ON r.order_id = p.order_id)::int
              + (SELECT count(*) FROM (SELECT order_id FROM sandbox_charges GROUP BY order_id
                                        HAVING count(*) > 1) twice)::int AS doubles`,
      );
      process.stdout.write(
        `renewals: ${N} in ${seconds.toFixed(1)} s = ${(N / seconds).toFixed(0)} renewals/s; double charges: ${doubles?.doubles ?? '?'}\n`,
      );
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
