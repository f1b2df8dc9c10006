import { createTestApp, post, type TestApp } from '../helpers/app';
import { FAKE_ESIMGO_KEY, signedCallback, startFakeEsimGo, type FakeEsimGo } from '../helpers/esimgo-fake';
import { countRows, createPay, packageId, saveUsAddress, submitSandbox } from '../helpers/payments';

// The api with eSIM Go as its connectivity provider (a local fake in the documented shapes): a paid package is
// ordered at eSIM Go once, its V3 usage callbacks (HMAC-signed with the API key) move the card's figures once each,
// and a callback with a bad signature is a 400 that stores nothing.

const ICCID = '89880000000000000888';
const BUNDLE = 'esim_1GB_7D_IM_U';

let fake: FakeEsimGo;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeEsimGo();
  t = await createTestApp({
    connectivity: { provider: 'esimgo', esimgo: { apiKey: FAKE_ESIMGO_KEY, baseUrl: fake.baseUrl } },
  });
  await t.db.query(`INSERT INTO cards (iccid, agent_flag) VALUES ($1, '1')`, [ICCID]);
  await t.db.query(`UPDATE packages SET provider_bundle = $1 WHERE code = 'global-1gb-7d'`, [BUNDLE]);
  fake.addEsim(ICCID);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function callback(body: unknown, headers?: Record<string, string>) {
  const signed = signedCallback(FAKE_ESIMGO_KEY, body, 'base64');
  return t.app.inject({
    method: 'POST',
    url: '/eshop/webhooks/connectivity/esimgo',
    headers: headers ?? signed.headers,
    payload: signed.rawBody,
  });
}

const card = async () =>
  (
    await post<{ used: number; total: number; status_str: string }>(t.app, '/get/card', {
      flag: '1',
      iccid: ICCID,
      lang: 'en',
    })
  ).body.data;

it('orders the bought package at eSIM Go once, and applies its signed usage callbacks once each', async () => {
  await saveUsAddress(t.app, ICCID, 'OR');
  const { body } = await createPay(t.app, { id: await packageId(t.db, 'global-1gb-7d'), iccid: ICCID, flag: '1' });
  await submitSandbox(t.app, body.data.pay_url, { action: 'pay', card: 'instant' });
  const pending = await t.db.one<{ id: number }>(`SELECT id FROM card_packages WHERE iccid = $1`, [ICCID]);
  await t.app.connectivity.applyPackages([pending!.id]);
  await t.app.connectivity.applyPackages([pending!.id]);
  expect(fake.calls('POST', '/orders')).toHaveLength(1);
  const assignment = fake.assignments.find((row) => row.iccid === ICCID);
  const stored = await t.db.one<{ provider: string; provider_state: string; provider_assignment: string }>(
    `SELECT provider, provider_state, provider_assignment FROM card_packages WHERE id = $1`,
    [pending!.id],
  );
  expect(stored).toEqual({ provider: 'esimgo', provider_state: 'applied', provider_assignment: assignment?.id });

  // First use on the phone: eSIM Go's callback (twice, as it may deliver) starts the package and moves the figures.
  fake.use(assignment!.id, 300_000_000);
  expect((await callback(fake.usageCallback(assignment!.id))).statusCode).toBe(200);
  expect((await callback(fake.usageCallback(assignment!.id))).statusCode).toBe(200);
  expect(await countRows(t.db, `SELECT 1 FROM connectivity_events WHERE provider = 'esimgo'`)).toBe(1);
  const figures = await card();
  expect(figures.status_str).toBe('Activated');
  expect(figures.used).toBeCloseTo(300_000_000 / 1024 ** 2, 1);
});

it('answers a callback with a bad signature 400 and stores nothing', async () => {
  const assignment = fake.assignments.find((row) => row.iccid === ICCID);
  fake.use(assignment!.id, 100_000_000);
  const events = await countRows(t.db, `SELECT 1 FROM connectivity_events`);
  const before = await card();
  const forged = await callback(fake.usageCallback(assignment!.id), {
    'content-type': 'application/json',
    'x-signature-sha256': 'bm90IGEgc2lnbmF0dXJl',
  });
  expect(forged.statusCode).toBe(400);
  expect(forged.json()).toMatchObject({ code: 10002 });
  expect(await countRows(t.db, `SELECT 1 FROM connectivity_events`)).toBe(events);
  expect((await card()).used).toBe(before.used);
  // The simulator's endpoint is not this provider's.
  const other = await t.app.inject({ method: 'POST', url: '/eshop/webhooks/connectivity/simulator', payload: '{}' });
  expect(other.statusCode).toBe(404);
});
