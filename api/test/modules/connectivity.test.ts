import {
  cardRate,
  SIMULATOR_SIGNATURE_HEADER,
  type SimulatorReport,
} from '../../src/modules/connectivity/providers/simulator';
import { createTestApp, loginDemo, post, testClock, type TestApp } from '../helpers/app';
import { runNetwork } from '../helpers/connectivity';
import { countRows, createPay, orderRow, packageId, saveUsAddress, submitSandbox } from '../helpers/payments';

// The network side (issue 22) on the built-in simulator, driven by a fake clock: a paid package is handed to the
// network once and becomes active on first use; usage reports (signed callbacks) are applied once and never move
// figures back; packages stop at their end or when used up; unlimited plans slow down past fair use; alerts come
// once per threshold; a refused package is refunded.

const GB = 1024 ** 3;
const FREE = '89880000000000000777'; // a new card of agent 1 (a visitor may buy), never used
const NEAR_EMPTY = '89880000000000000007'; // demo's, 3.9 of 5 GB used
const UNLIMITED = '89880000000000000004'; // unlimited, fair use 2 GB a day
const OTHERS = '89880000000000000008'; // other@example.com's, 800 MB of 10 GB used
const SPEED = 60;

const clock = testClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    payments: { now: clock.now },
    connectivity: { simulatorTickSeconds: 0, simulatorSpeed: SPEED, simulatorRefusedBundles: ['refused-bundle'] },
  });
  await t.db.query(`INSERT INTO cards (iccid, agent_flag) VALUES ($1, '1')`, [FREE]);
});
afterAll(async () => {
  await t.close();
});

interface CardFigures {
  status_str: string;
  used: number;
  total: number;
  unlimited: boolean;
  kind: number;
  usage_updated_at: number | null;
}
const card = async (iccid: string) =>
  (await post<CardFigures>(t.app, '/get/card', { flag: '1', iccid, lang: 'en' })).body.data;

interface PackageRow {
  id: number;
  status: string;
  used_bytes: number;
  provider_state: string;
  provider_assignment: string | null;
}
const packagesOf = (iccid: string) =>
  t.db.query<PackageRow>(
    `SELECT id, status, used_bytes, provider_state, provider_assignment FROM card_packages WHERE iccid = $1
      ORDER BY id`,
    [iccid],
  );

/** Buys a package for a card in the sandbox (address, Pay with the instant test card); answers the order id. */
async function buy(iccid: string, code: string): Promise<number> {
  await saveUsAddress(t.app, iccid, 'OR');
  const { body } = await createPay(t.app, { id: await packageId(t.db, code), iccid, flag: '1' });
  if (body.code !== 10000) throw new Error(`createPay: ${body.code} ${body.message}`);
  await submitSandbox(t.app, body.data.pay_url, { action: 'pay', card: 'instant' });
  return Number(body.data.order_id);
}

/** Posts simulator reports to the callback endpoint, signed as the simulator signs them. */
async function report(reports: SimulatorReport[], signature?: string) {
  const body = JSON.stringify({ reports });
  return t.app.inject({
    method: 'POST',
    url: '/eshop/webhooks/connectivity/simulator',
    headers: {
      'content-type': 'application/json',
      [SIMULATOR_SIGNATURE_HEADER]: signature ?? t.app.connectivity.simulator!.sign(body),
    },
    payload: body,
  });
}

async function activePackage(iccid: string): Promise<PackageRow> {
  const row = (await packagesOf(iccid)).find((pkg) => pkg.status === 'active');
  if (!row) throw new Error(`no active package on ${iccid}`);
  return row;
}

function usage(pkg: PackageRow, iccid: string, id: string, usedBytes: number, initial = 5 * GB): SimulatorReport {
  return {
    id,
    iccid,
    reference: String(pkg.id),
    assignment: pkg.provider_assignment ?? '',
    at: clock.now().toISOString(),
    state: 'active',
    initial_bytes: initial,
    used_bytes: Math.round(usedBytes),
    unlimited: false,
    throttled: false,
    started_at: null,
    ends_at: null,
  };
}

describe('usage reports', () => {
  it('refuses a bad signature with 400 and stores nothing', async () => {
    const pkg = await activePackage(NEAR_EMPTY);
    const events = await countRows(t.db, `SELECT 1 FROM connectivity_events`);
    const forged = await report([usage(pkg, NEAR_EMPTY, 'forged-1', 4.9 * GB)], 't=1,v1=' + '0'.repeat(64));
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/eshop/webhooks/connectivity/simulator',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ reports: [usage(pkg, NEAR_EMPTY, 'forged-2', 4.9 * GB)] }),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.body).not.toMatch(/stack|Error:/);
    expect(await countRows(t.db, `SELECT 1 FROM connectivity_events`)).toBe(events);
    expect((await activePackage(NEAR_EMPTY)).used_bytes).toBe(pkg.used_bytes);
  });

  it('applies each report once and never moves usage back (duplicates, late and out of order)', async () => {
    const pkg = await activePackage(NEAR_EMPTY);
    const at = 4.0 * GB;
    expect((await report([usage(pkg, NEAR_EMPTY, 'r-1', at)])).statusCode).toBe(200);
    // The same report again, a late older one, and two out of order in one batch.
    await report([usage(pkg, NEAR_EMPTY, 'r-1', at)]);
    await report([usage(pkg, NEAR_EMPTY, 'r-0', 3.95 * GB)]);
    await report([usage(pkg, NEAR_EMPTY, 'r-3', 4.05 * GB), usage(pkg, NEAR_EMPTY, 'r-2', 4.02 * GB)]);
    expect((await activePackage(NEAR_EMPTY)).used_bytes).toBe(Math.round(4.05 * GB));
    expect(await countRows(t.db, `SELECT 1 FROM connectivity_events WHERE event_key LIKE 'r-%'`)).toBe(4);
    // A burst for one card at once: all applied, serialised on the card, the largest wins.
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        report([usage(pkg, NEAR_EMPTY, `burst-${index}`, Math.round((4.06 + index / 1000) * GB))]),
      ),
    );
    expect((await activePackage(NEAR_EMPTY)).used_bytes).toBe(Math.round(4.071 * GB));
    expect(await countRows(t.db, `SELECT 1 FROM connectivity_events WHERE event_key LIKE 'burst-%'`)).toBe(12);
    const figures = await card(NEAR_EMPTY);
    expect(figures.used).toBeCloseTo((4.071 * GB) / 1024 ** 2, 0);
    expect(figures.total).toBe(5 * 1024);
  });
});

describe('alerts', () => {
  it('mails and notes each threshold once, in the card language, with a link back and a working unsubscribe', async () => {
    const pkg = await activePackage(NEAR_EMPTY);
    // 4.071 of 5 GB used: under 20% left since the reports above.
    const raised = await t.db.query<{ id: number; threshold: number }>(
      `SELECT id, threshold FROM card_alerts WHERE card_package_id = $1 ORDER BY threshold DESC`,
      [pkg.id],
    );
    expect(raised.map((row) => row.threshold)).toEqual([20]);
    t.mailer.sent.length = 0;
    await t.app.connectivity.deliverAlerts(raised.map((row) => row.id));
    await t.app.connectivity.deliverAlerts(raised.map((row) => row.id));
    const mails = t.mailer.sent.filter((mail) => mail.template === 'alert-low-data');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('demo@example.com');
    expect(mails[0]?.subject).toMatch(/18% of your data left/);
    // The package as the shop names it ('5 GB', never the catalogue's 'Europe 5 GB'), the figures written with Intl
    // ('951 MB', never '951MB').
    expect(mails[0]?.text).toMatch(/^5 GB on card .+ has 951\sMB of 5\sGB left\./);
    expect(mails[0]?.text).not.toContain('Europe');
    expect(mails[0]?.text).toContain(`http://localhost:8080/pkg?iccid=${NEAR_EMPTY}`);
    expect(mails[0]?.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:8080\/eshop\/alerts\/unsubscribe\//);
    // The card's own notices reach its owner (a bound card).
    const demo = await loginDemo(t.app);
    const notice = await post<{ notice: { title: string; content: string; link: string } | null }>(
      t.app,
      '/get/notice',
      { iccid: NEAR_EMPTY, lang: 'de' },
      { token: demo.token },
    );
    expect(notice.body.data.notice).toMatchObject({ title: 'Noch 18 % Daten', link: `/pkg?iccid=${NEAR_EMPTY}` });
    expect(notice.body.data.notice?.content).toMatch(/^5 GB auf Karte .+: noch 951\sMB von 5\sGB übrig\.$/);

    // Again past 20%: nothing new. Past 5%: the second alert.
    await report([usage(pkg, NEAR_EMPTY, 'a-1', 4.5 * GB)]);
    expect(await countRows(t.db, `SELECT 1 FROM card_alerts WHERE card_package_id = $1`, [pkg.id])).toBe(1);
    await report([usage(pkg, NEAR_EMPTY, 'a-2', 4.8 * GB)]);
    const five = await t.db.one<{ id: number }>(
      `SELECT id FROM card_alerts WHERE card_package_id = $1 AND threshold = 5`,
      [pkg.id],
    );
    expect(five).toBeDefined();

    // The unsubscribe link works without a login: GET asks, POST does it; the next alert is a notice only.
    const link = new URL(mails[0]!.headers!['List-Unsubscribe']!.slice(1, -1));
    const ask = await t.app.inject({ method: 'GET', url: link.pathname });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('<form method="post">');
    const done = await t.app.inject({
      method: 'POST',
      url: link.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('no more alert e-mails');
    t.mailer.sent.length = 0;
    await t.app.connectivity.deliverAlerts([five!.id]);
    expect(t.mailer.sent).toHaveLength(0);
    expect(
      await countRows(t.db, `SELECT 1 FROM notices WHERE iccid = $1 AND title = '4% data left'`, [NEAR_EMPTY]),
    ).toBe(1);
    const bogus = await t.app.inject({ method: 'GET', url: '/eshop/alerts/unsubscribe/not-a-real-token-at-all-000' });
    expect(bogus.statusCode).toBe(404);
  });
});

describe('a package used up between two reports', () => {
  it('still tells the cardholder: one alert about the lowest threshold, mailed once', async () => {
    const pkg = await activePackage(OTHERS);
    t.mailer.sent.length = 0;
    // From 92% left to nothing in one report: the phone used the rest within one reporting interval.
    const used = await report([
      { ...usage(pkg, OTHERS, 'gone-1', 10 * GB, 10 * GB), state: 'depleted', ends_at: clock.now().toISOString() },
    ]);
    expect(used.statusCode).toBe(200);
    expect((await packagesOf(OTHERS)).find((row) => row.id === pkg.id)?.status).toBe('stop');
    const raised = await t.db.query<{ id: number; threshold: number }>(
      `SELECT id, threshold FROM card_alerts WHERE card_package_id = $1 ORDER BY threshold DESC`,
      [pkg.id],
    );
    expect(raised.map((row) => row.threshold)).toEqual([20, 5]);
    await t.app.connectivity.deliverAlerts(raised.map((row) => row.id));
    const mails = t.mailer.sent.filter((mail) => mail.template === 'alert-low-data');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('other@example.com');
    expect(mails[0]?.subject).toMatch(/\b0% of your data left/);
    expect(mails[0]?.text).toContain(`/pkg?iccid=${OTHERS}`);
  });
});

describe('unlimited plans and refresh', () => {
  it('slows an unlimited plan past its daily fair use: the card is speed limited (kind 2)', async () => {
    expect(await card(UNLIMITED)).toMatchObject({ unlimited: true, kind: 1 });
    const pkg = await activePackage(UNLIMITED);
    // Nearly the day's 2 GB used already; the next simulated hour passes it.
    await t.db.query(`UPDATE simulator_assignments SET day_used_bytes = $2, day = $3::date WHERE reference = $1`, [
      String(pkg.id),
      2 * GB - 1024,
      clock.now().toISOString().slice(0, 10),
    ]);
    clock.advance(1_000);
    await t.app.connectivity.simulator!.tick();
    clock.advance(3_600_000);
    await t.app.connectivity.simulator!.tick();
    expect(await card(UNLIMITED)).toMatchObject({ unlimited: true, kind: 2 });
  });

  it('asks the network on Refresh at most once a minute per card', async () => {
    const asked = () =>
      t.db.one<{ provider_checked_at: Date | null }>(`SELECT provider_checked_at FROM cards WHERE iccid = $1`, [
        UNLIMITED,
      ]);
    await post(t.app, '/refresh/card', { flag: '2', iccid: UNLIMITED });
    const first = (await asked())?.provider_checked_at;
    expect(first).toBeInstanceOf(Date);
    await post(t.app, '/refresh/card', { flag: '2', iccid: UNLIMITED });
    expect((await asked())?.provider_checked_at).toEqual(first);
    clock.advance(61_000);
    const again = await post<{ last_seen_country: string | null }>(t.app, '/refresh/card', {
      flag: '2',
      iccid: UNLIMITED,
    });
    expect((await asked())?.provider_checked_at).not.toEqual(first);
    expect(again.body.data.last_seen_country).toMatch(/^[A-Z]{2}$/);
  });
});

describe('a bought package on the network', () => {
  let orderId: number;

  it('waits on the card (init, pending) until the network carries it, and is handed over once', async () => {
    orderId = await buy(FREE, 'global-1gb-7d');
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
    const [pending] = await packagesOf(FREE);
    expect(pending).toMatchObject({ status: 'init', provider_state: 'pending' });
    // Committed with the payment: its job is in the queue, so a crash before it runs loses nothing.
    const schema = (await t.db.one<{ name: string }>(`SELECT current_schema() AS name`))?.name;
    const queue = schema === 'public' ? 'pgboss' : schema;
    const jobs = await t.db.query<{ data: { cardPackageIds: number[] } }>(
      `SELECT data FROM ${queue}.job WHERE name = 'connectivity-apply'`,
    );
    expect(jobs.flatMap((job) => job.data.cardPackageIds)).toContain(pending!.id);
    // The job, retried, and a second worker at the same time: one assignment at the network.
    // (The one that finds the other's attempt in progress throws, so its job tries again later.)
    await Promise.allSettled([
      t.app.connectivity.applyPackages([pending!.id]),
      t.app.connectivity.applyPackages([pending!.id]),
    ]);
    await t.app.connectivity.applyPackages([pending!.id]);
    expect(await countRows(t.db, `SELECT 1 FROM simulator_assignments WHERE iccid = $1`, [FREE])).toBe(1);
    const [applied] = await packagesOf(FREE);
    expect(applied).toMatchObject({ status: 'init', provider_state: 'applied' });
    expect(applied?.provider_assignment).toMatch(/^sim_/);
    expect(await card(FREE)).toMatchObject({ status_str: 'Ready', used: 0, total: 0 });
  });

  it('becomes active on first use, and the card follows the network: Activated, its data, the time of the figures', async () => {
    clock.advance(1_000);
    await t.app.connectivity.simulator!.tick();
    const [started] = await packagesOf(FREE);
    expect(started?.status).toBe('active');
    expect(await card(FREE)).toMatchObject({ status_str: 'Activated', used: 0, total: 1024 });
    clock.advance(10 * 60_000);
    const tickedFrom = Math.floor(clock.now().getTime() / 1000);
    await t.app.connectivity.simulator!.tick();
    const tickedBy = Math.floor(clock.now().getTime() / 1000);
    const expected = Math.round(cardRate(FREE) * SPEED * 600);
    const [used] = await packagesOf(FREE);
    // Ten minutes of the fake clock plus the milliseconds the test itself took.
    expect(Math.abs((used?.used_bytes ?? 0) - expected) / expected).toBeLessThan(0.001);
    const figures = await card(FREE);
    expect(figures.used).toBeCloseTo((used?.used_bytes ?? 0) / 1024 ** 2, 1);
    // The network's time of the figures (the fake clock's, the second the tick ran in).
    expect(figures.usage_updated_at).toBeGreaterThanOrEqual(tickedFrom);
    expect(figures.usage_updated_at).toBeLessThanOrEqual(tickedBy);
  });

  it('stops when used up, and the card has no data left in force', async () => {
    // The network makes up for at most an hour at a time; a few hours of use empty a 1 GB package at 60x.
    for (let hour = 0; hour < 6; hour += 1) {
      clock.advance(3_600_000);
      await t.app.connectivity.simulator!.tick();
    }
    const [done] = await packagesOf(FREE);
    expect(done).toMatchObject({ status: 'stop', used_bytes: GB });
    expect(await card(FREE)).toMatchObject({ used: 0, total: 0, unlimited: false });
    const records = await post<{ list3: Array<{ status_str: string }> }>(t.app, '/pkg/record', {
      iccid: FREE,
      lang: 'en',
    });
    expect(records.body.data.list3.map((record) => record.status_str)).toEqual(['stop']);
  });

  it('survives a crash after the network took it: the retry finds the same assignment', async () => {
    await buy(FREE, 'global-1gb-7d');
    const pending = (await packagesOf(FREE)).find((pkg) => pkg.provider_state === 'pending');
    // The first attempt reached the network, then the process died before it stored the answer.
    const first = await t.app.connectivity.provider.apply({
      reference: String(pending!.id),
      iccid: FREE,
      bundle: 'global-1gb-7d',
      dataBytes: GB,
      unlimited: false,
      validityDays: 7,
      fairUseDailyBytes: null,
      firstAttemptAt: null,
      knownAssignments: [],
    });
    await t.app.connectivity.applyPackages([pending!.id]);
    const after = (await packagesOf(FREE)).find((pkg) => pkg.id === pending!.id);
    expect(first.status === 'applied' && after?.provider_assignment).toBe(
      first.status === 'applied' ? first.assignmentId : 'unreachable',
    );
    expect(await countRows(t.db, `SELECT 1 FROM simulator_assignments WHERE iccid = $1`, [FREE])).toBe(2);
  });

  it('is refunded when the network refuses it for good', async () => {
    await t.db.query(`UPDATE packages SET provider_bundle = 'refused-bundle' WHERE code = 'apac-10gb-15d'`);
    try {
      const refusedOrder = await buy(FREE, 'apac-10gb-15d');
      await runNetwork(t.app);
      const refused = (await packagesOf(FREE)).find((pkg) => pkg.provider_state === 'refused');
      expect(refused?.status).toBe('invalid');
      expect(await orderRow(t.db, refusedOrder)).toMatchObject({ status: 'refunded' });
      const orders = await post<{ list: Array<{ order_id: string; status: string; refunded?: boolean }> }>(
        t.app,
        '/pay/order/list',
        { iccid: FREE, lang: 'en' },
      );
      expect(orders.body.data.list.find((order) => order.order_id === String(refusedOrder))).toMatchObject({
        status: 'failed',
        refunded: true,
      });
      const records = await post<{ list3: Array<{ network?: string; status_str: string }> }>(t.app, '/pkg/record', {
        iccid: FREE,
        lang: 'en',
      });
      // It never ran: no end date on the record.
      expect(records.body.data.list3).toContainEqual(
        expect.objectContaining({ status_str: 'invalid', network: 'refused', expire_date: '' }),
      );
    } finally {
      await t.db.query(`UPDATE packages SET provider_bundle = NULL WHERE code = 'apac-10gb-15d'`);
    }
  });
});

describe('settings and the end of a package', () => {
  it('lets the owner choose thresholds and the expiry alert; the expiry job raises it 24 h before the end', async () => {
    const demo = await loginDemo(t.app);
    const empty = await post(t.app, '/v1/card/alerts/set', {}, { token: demo.token, prefix: '/eshop/api' });
    expect(empty.body.code).toBe(10002);
    const saved = await post(
      t.app,
      '/v1/card/alerts/set',
      { iccid: '89880000000000000001', thresholds: [5, 50], expiry: true, mail: true },
      { token: demo.token, prefix: '/eshop/api' },
    );
    expect(saved.body).toMatchObject({
      code: 10000,
      data: { thresholds: [50, 5], expiry: true, mail: true, email: 'demo@example.com' },
    });
    const other = await post(
      t.app,
      '/v1/card/alerts',
      { iccid: '89880000000000000001' },
      { token: (await loginDemo(t.app, 'other@example.com', 'other-password-1')).token, prefix: '/eshop/api' },
    );
    expect(other.body.code).toBe(10024);
    const invalid = await post(
      t.app,
      '/v1/card/alerts/set',
      { iccid: '89880000000000000001', thresholds: [5, 5], expiry: true, mail: true },
      { token: demo.token, prefix: '/eshop/api' },
    );
    expect(invalid.body.code).toBe(10002);

    // The demo card's 20 GB package ends in 21 days: a day before, the expiry job raises one alert.
    const pkg = await activePackage('89880000000000000001');
    const end = (await t.db.one<{ expire_timestamp: number }>(
      `SELECT expire_timestamp FROM card_packages WHERE id = $1`,
      [pkg.id],
    ))!.expire_timestamp;
    clock.advance(end * 1000 - clock.now().getTime() - 23 * 3_600_000);
    await t.app.connectivity.expire();
    await t.app.connectivity.expire();
    expect(
      await countRows(t.db, `SELECT 1 FROM card_alerts WHERE card_package_id = $1 AND kind = 'expiry'`, [pkg.id]),
    ).toBe(1);
    // Past the end: stopped, and the card's figures follow.
    clock.advance(24 * 3_600_000);
    expect(await t.app.connectivity.expire()).toBeGreaterThanOrEqual(1);
    expect((await packagesOf('89880000000000000001')).find((row) => row.id === pkg.id)?.status).toBe('stop');
    expect(await card('89880000000000000001')).toMatchObject({ total: 0, used: 0 });
  });
});
