import { REMIND_LEASE_SECONDS } from '../../src/modules/payments/renewals';
import { createTestApp, testClock, type TestApp } from '../helpers/app';
import { countRows, packageId, TEST_SANDBOX_SECRET } from '../helpers/payments';

// A renewal reminder is never lost: it is claimed for a lease and marked sent only once its mail went out, so a
// worker that dies between the claim and the mail leaves a claim that runs out, and the next scan sends it, once.
// Its charge waits for it. The job workers are off: the test runs the queued jobs itself, as a worker would.

const DAY = 86_400;
const clock = testClock();
let t: TestApp;
let queue: string;
/** Jobs already run (or taken by a worker that died). */
const seen = new Set<string>();

beforeAll(async () => {
  t = await createTestApp({ payments: { sandboxSecret: TEST_SANDBOX_SECRET, now: clock.now } });
  // The job queue starts when the app is ready (as before a server listens).
  await t.app.ready();
  const schema = (await t.db.one<{ name: string }>(`SELECT current_schema() AS name`))?.name;
  queue = schema === 'public' ? 'pgboss' : schema!;
});
afterAll(async () => t.close());

/** A card of its own with a package bought with renewal on, ending in two days; answers the card package id. */
async function renewingPackage(iccid: string, email: string): Promise<number> {
  await t.db.query(
    `INSERT INTO cards (iccid, agent_flag, status, email, total_bytes) VALUES ($1, '3', 'Activated', $2, 0)`,
    [iccid, email],
  );
  const pkg = await packageId(t.db, 'global-1gb-7d');
  const order = await t.db.one<{ id: number }>(
    `INSERT INTO orders (iccid, package_id, agent_flag, amount, tax_amount, currency, renewal, status, provider,
                         pay_method, lang, paid_at, fulfilled_at, email)
     VALUES ($1, $2, '3', 450, 0, 'EUR', true, 'fulfilled', 'sandbox', 'stripe', 'en', now(), now(), $3) RETURNING id`,
    [iccid, pkg, email],
  );
  const record = await t.db.one<{ id: number }>(
    `INSERT INTO card_packages (iccid, package_id, order_id, name, status, data_bytes, validity_days, started_at,
                                expire_timestamp)
     VALUES ($1, $2, $3, 'Starter 1 GB', 'active', 1073741824, 7, now(), $4) RETURNING id`,
    [iccid, pkg, order?.id, Math.floor(clock.now().getTime() / 1000) + 2 * DAY],
  );
  return Number(record?.id);
}

async function renewalOf(recordId: number) {
  const row = await t.db.one<{ id: number; reminded_at: Date | null; remind_claimed_at: Date | null }>(
    `SELECT id, reminded_at, remind_claimed_at FROM renewals WHERE card_package_id = $1`,
    [recordId],
  );
  if (!row) throw new Error(`no renewal for ${recordId}`);
  return { ...row, id: Number(row.id) };
}

/** The queued jobs of a queue not run yet, each taken now (ids of their items). */
async function takeJobs(name: string): Promise<number[][]> {
  const jobs = await t.db.query<{ id: string; data: { renewalIds: number[] } }>(
    `SELECT id::text AS id, data FROM ${queue}.job WHERE name = $1 ORDER BY created_on`,
    [name],
  );
  const fresh = jobs.filter((job) => !seen.has(job.id));
  for (const job of fresh) seen.add(job.id);
  return fresh.map((job) => job.data.renewalIds.map(Number));
}

/** Runs the queued reminder jobs at once, as the workers of several instances would; answers how many ran. */
async function runReminderJobs(): Promise<number> {
  const jobs = await takeJobs('payments-renewal-remind');
  await Promise.all(jobs.map((ids) => t.app.payments.renewals.remind(ids)));
  return jobs.length;
}

const remindersTo = (email: string) =>
  t.mailer.sent.filter((mail) => mail.template === 'renewal-reminder' && mail.to === email).length;

/** A renewal of its own, scheduled by the scan, its reminder job taken (by a worker, or one that died). */
async function scheduled(iccid: string, email: string) {
  const recordId = await renewingPackage(iccid, email);
  await t.app.payments.renewals.scan();
  await takeJobs('payments-renewal-remind');
  return { recordId, renewal: await renewalOf(recordId) };
}

/** Whether a charge job names the renewal. */
async function chargeQueued(renewalId: number): Promise<boolean> {
  return (await takeJobs('payments-renewal-charge')).some((ids) => ids.includes(renewalId));
}

describe('renewal reminders', () => {
  it('sends a reminder whose worker died after claiming it, once the claim runs out, exactly once', async () => {
    const email = 'lease@example.com';
    const recordId = await renewingPackage('89990000000000000021', email);
    expect(await t.app.payments.renewals.scan()).toBe(1);
    const renewal = await renewalOf(recordId);
    // The scan's reminder job is taken by a worker that claims the renewal and dies before its mail goes out.
    expect((await takeJobs('payments-renewal-remind')).flat()).toContain(renewal.id);
    await t.db.query(`UPDATE renewals SET remind_claimed_at = $2 WHERE id = $1`, [renewal.id, clock.now()]);

    // The job's retry (and any scan) within the lease leaves the claim alone: no mail, and no charge before it.
    await t.app.payments.renewals.remind(renewal.id);
    await t.app.payments.renewals.scan();
    await runReminderJobs();
    expect(remindersTo(email)).toBe(0);
    expect(await chargeQueued(renewal.id)).toBe(false);
    expect((await renewalOf(recordId)).reminded_at).toBeNull();

    // Past the lease, the next scan queues it again and it is sent, once, and its charge queued.
    clock.advance((REMIND_LEASE_SECONDS + 60) * 1000);
    await t.app.payments.renewals.scan();
    expect(await runReminderJobs()).toBeGreaterThanOrEqual(1);
    expect(remindersTo(email)).toBe(1);
    const reminded = await renewalOf(recordId);
    expect(reminded.reminded_at).not.toBeNull();
    expect(reminded.remind_claimed_at).toBeNull();
    expect(await chargeQueued(renewal.id)).toBe(true);

    // Nothing sends it again: later scans, a repeated job, the lease running out once more.
    await t.app.payments.renewals.scan();
    await runReminderJobs();
    await t.app.payments.renewals.remind(renewal.id);
    clock.advance((REMIND_LEASE_SECONDS + 60) * 1000);
    await t.app.payments.renewals.scan();
    await runReminderJobs();
    expect(remindersTo(email)).toBe(1);
    expect(
      await countRows(t.db, `SELECT 1 FROM mail_log WHERE template = 'renewal-reminder' AND to_address = $1`, [email]),
    ).toBe(1);
  });

  it('sends one mail when two scans find the same lapsed claim at once', async () => {
    const email = 'twoscans@example.com';
    const { recordId, renewal } = await scheduled('89990000000000000022', email);
    await t.db.query(`UPDATE renewals SET remind_claimed_at = $2 WHERE id = $1`, [renewal.id, clock.now()]);
    clock.advance((REMIND_LEASE_SECONDS + 60) * 1000);

    await Promise.all([t.app.payments.renewals.scan(), t.app.payments.renewals.scan()]);
    expect(await runReminderJobs()).toBeGreaterThanOrEqual(1);
    expect(remindersTo(email)).toBe(1);
    expect((await renewalOf(recordId)).reminded_at).not.toBeNull();
  });

  it('sends one mail when two reminder jobs run at once', async () => {
    const email = 'twojobs@example.com';
    const { renewal } = await scheduled('89990000000000000023', email);
    await Promise.all([t.app.payments.renewals.remind(renewal.id), t.app.payments.renewals.remind([renewal.id])]);
    expect(remindersTo(email)).toBe(1);
    expect(await chargeQueued(renewal.id)).toBe(true);
  });
});
