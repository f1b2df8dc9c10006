import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { createPaypalProvider } from '../../src/modules/payments/providers/paypal';
import { crc32, paypalCertUrl, tableCrc32 } from '../../src/modules/payments/providers/paypal-signature';
import { WebhookRejected, type WebhookGuard } from '../../src/modules/payments/providers/types';
import { createTestApp, post, testClock, type TestApp } from '../helpers/app';
import { CARD_V1, countRows, orderRow, packageId, saveUsAddress } from '../helpers/payments';
import {
  deliverPaypal,
  FAKE_CERT_PATH,
  fakePaypalSettings,
  OTHER_CN_CERT_PEM,
  paypalHeaders,
  signPaypal,
  startFakePaypal,
  TEST_CERT_PEM,
  type FakePaypal,
  type PaypalDelivery,
} from '../helpers/payments-paypal';

// PayPal's webhook signature checked here first (SHA256withRSA over the transmission and the body's CRC32, with the
// certificate PayPal's host serves), so forged posts never reach PayPal's verify-webhook-signature nor use up the
// limit on those calls; only a post that passes is then confirmed by PayPal. The fake PayPal serves a test-only
// certificate at its cert URL and the deliveries are signed with its key.

const certUrlOf = (path: string) => `https://api.sandbox.paypal.com${path}`;
const certPath = (id: string) => `/v1/notifications/certs/${id}`;
const OTHER_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
/** The limit on checks asked of PayPal, in all per minute (per address it is out of the way). */
const LIMIT_TOTAL = 6;

let fake: FakePaypal;
let t: TestApp;
const clock = testClock();

beforeAll(async () => {
  fake = await startFakePaypal();
  fake.certs.set(certPath('CERT-other-cn'), OTHER_CN_CERT_PEM);
  t = await createTestApp({
    payments: {
      now: clock.now,
      paypal: fakePaypalSettings(fake, { timeoutMs: 500, now: clock.now }),
      webhookVerifyLimits: { perIp: 100, total: LIMIT_TOTAL, windowMs: 60_000 },
    },
  });
  await saveUsAddress(t.app, CARD_V1, 'OR');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function openOrder() {
  await t.db.query(`UPDATE orders SET purchase_key = NULL WHERE iccid = $1`, [CARD_V1]);
  const id = await packageId(t.db, 'eu-5gb-30d');
  const { body } = await post<{ pay_url: string; order_id: string }>(t.app, '/pay/buy', {
    id,
    renewal: false,
    iccid: CARD_V1,
    flag: '1',
    lang: 'en',
    ccy: 'USD',
    pay: 'paypal',
  });
  if (body.code !== 10000) throw new Error(`createPay failed: ${body.code} ${body.message}`);
  const order = await orderRow(t.db, body.data.order_id);
  const paypalOrder = fake.orders.get(order?.provider_ref ?? '');
  if (!paypalOrder) throw new Error('no order at the fake PayPal');
  return { orderId: body.data.order_id, paypalOrder };
}

function captureEvent(type: string, orderId: string, paypalOrderId: string) {
  return {
    id: `WH-${randomUUID()}`,
    event_type: type,
    resource_type: 'capture',
    resource: {
      id: `CAP-${paypalOrderId}`,
      status: type.split('.').pop(),
      amount: { currency_code: 'USD', value: '15.00' },
      custom_id: orderId,
      supplementary_data: { related_ids: { order_id: paypalOrderId } },
    },
  };
}

const ignored = () => ({ id: `WH-${randomUUID()}`, event_type: 'PAYMENT.SALE.COMPLETED', resource: {} });
const send = (event: object | string, options: PaypalDelivery = {}) =>
  deliverPaypal(t.app, fake, event, { time: clock.now(), ...options });
const eventCount = (id: string) => countRows(t.db, `SELECT 1 FROM payment_events WHERE event_id = $1`, [id]);
const paymentCount = (orderId: string) =>
  countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [Number(orderId)]);
const fetchesOf = (path: string, since = 0) => fake.certRequests.slice(since).filter((asked) => asked === path).length;

describe('PayPal signature parts', () => {
  it('computes the CRC32 PayPal signs, with or without node’s own', () => {
    expect(tableCrc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
    for (let i = 0; i < 20; i += 1) {
      const bytes = randomBytes(1 + i * 97);
      expect([tableCrc32(bytes), crc32(bytes)]).toEqual([zlibCrc32(bytes), zlibCrc32(bytes)]);
    }
  });

  it('takes certificate URLs on PayPal’s certificate host only', () => {
    const cert = '/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77';
    expect(paypalCertUrl(`https://api.paypal.com${cert}`)).toBe(`https://api.paypal.com${cert}`);
    expect(paypalCertUrl(`https://api.sandbox.paypal.com${cert}`)).toBe(`https://api.sandbox.paypal.com${cert}`);
    expect(paypalCertUrl(`https://API.PayPal.com${cert}`)).toBe(`https://api.paypal.com${cert}`);
    // The REST api's own host when it is given (the adapter gives its configured base).
    expect(paypalCertUrl(`https://api-m.paypal.com${cert}`)).toBeNull();
    expect(paypalCertUrl(`https://api-m.paypal.com${cert}`, ['api-m.paypal.com'])).toBe(
      `https://api-m.paypal.com${cert}`,
    );
    for (const url of [
      `http://api.paypal.com${cert}`,
      `https://evil.example${cert}`,
      `https://api.paypal.com.evil.example${cert}`,
      `https://evilapi.paypal.com${cert}`,
      `https://api.paypal.com:8443${cert}`,
      `https://user@api.paypal.com${cert}`,
      `https://api.paypal.com${cert}?x=1`,
      `https://api.paypal.com${cert}#x`,
      `https://api.paypal.com/v1/oauth2/token`,
      `https://api.paypal.com/v1/notifications/certs/`,
      `https://api.paypal.com/v1/notifications/certs/a/../../../v1/oauth2/token`,
      `https://api.paypal.com/v1/notifications/certs/%2e%2e`,
      'not a url',
      '',
    ]) {
      expect([url, paypalCertUrl(url)]).toEqual([url, null]);
    }
  });

  it('refuses a post before the guard unless the certificate’s key signed it; a certificate not valid now too', async () => {
    const guard: WebhookGuard & { calls: number } = {
      calls: 0,
      async beforeRemoteCheck() {
        this.calls += 1;
      },
    };
    const provider = createPaypalProvider(fakePaypalSettings(fake));
    const body = JSON.stringify(ignored());
    const verifications = fake.verifications;
    await expect(
      provider.verifyWebhook(Buffer.from(body), paypalHeaders(body, { key: OTHER_KEY }), guard),
    ).rejects.toEqual(new WebhookRejected('bad signature'));
    await expect(provider.verifyWebhook(Buffer.from(`${body} `), paypalHeaders(body), guard)).rejects.toEqual(
      new WebhookRejected('bad signature'),
    );
    expect([guard.calls, fake.verifications - verifications]).toEqual([0, 0]);
    await expect(provider.verifyWebhook(Buffer.from(body), paypalHeaders(body), guard)).resolves.toMatchObject({
      type: 'ignored',
    });
    expect([guard.calls, fake.verifications - verifications]).toEqual([1, 1]);

    // The test certificate is valid from 2000: in 1999 it signs nothing.
    const then = new Date('1999-06-01T00:00:00Z');
    const early = createPaypalProvider(fakePaypalSettings(fake, { now: () => then }));
    await expect(early.verifyWebhook(Buffer.from(body), paypalHeaders(body, { time: then }), guard)).rejects.toEqual(
      new WebhookRejected('certificate not valid now'),
    );
    expect([guard.calls, fake.verifications - verifications]).toEqual([1, 1]);
  });
});

describe('PayPal webhooks checked here first', () => {
  /** Where this app's certificate fetches begin in fake.certRequests. */
  let appFetchesFrom = 0;

  it('refuses forged posts without asking PayPal or using up the limit; a genuine event is then applied', async () => {
    const { orderId, paypalOrder } = await openOrder();
    const completed = captureEvent('PAYMENT.CAPTURE.COMPLETED', orderId, paypalOrder.id);
    const body = JSON.stringify(completed);
    const pending = JSON.stringify({
      ...captureEvent('PAYMENT.CAPTURE.PENDING', orderId, paypalOrder.id),
      id: completed.id,
    });
    const transmissionId = randomUUID();
    const at = clock.now();
    const forgeries: Array<[string, PaypalDelivery]> = [
      ['a signature of random bytes', { signature: randomBytes(256).toString('base64') }],
      ['no base64', { signature: 'sig:0123abcd' }],
      ['signed with another key', { key: OTHER_KEY }],
      ['signed over another body', { signedBody: pending }],
      [
        'signed for another webhook',
        {
          transmissionId,
          time: at,
          signature: signPaypal(transmissionId, at.toISOString(), body, { webhookId: 'WH-X' }),
        },
      ],
      ['another algorithm', { authAlgo: 'SHA1withRSA' }],
      ['a foreign certificate host', { certUrl: `https://evil.example${FAKE_CERT_PATH}` }],
      ['a look-alike host', { certUrl: `https://api.sandbox.paypal.com.evil.example${FAKE_CERT_PATH}` }],
      ['plain http', { certUrl: `http://api.sandbox.paypal.com${FAKE_CERT_PATH}` }],
      ['another path on PayPal', { certUrl: 'https://api.sandbox.paypal.com/v1/oauth2/token' }],
      ['a certificate of another name', { certUrl: certUrlOf(certPath('CERT-other-cn')) }],
      ['a certificate PayPal does not have', { certUrl: certUrlOf(certPath('CERT-unknown')) }],
    ];
    const verifications = fake.verifications;
    const asked = fake.certRequests.length;
    appFetchesFrom = asked;
    const answers = [];
    // Each twice, from two addresses: more than all the checks PayPal may be asked for in a minute.
    for (const ip of ['203.0.113.7', '198.51.100.7']) {
      for (const [name, options] of forgeries) answers.push([name, (await send(body, { ...options, ip })).statusCode]);
    }
    expect(answers.length).toBeGreaterThan(LIMIT_TOTAL);
    expect(answers).toEqual([...forgeries, ...forgeries].map(([name]) => [name, 400]));
    expect(fake.verifications - verifications).toBe(0);
    // Certificates were asked of PayPal's host only, each once: foreign hosts never, refusals are kept.
    expect(fake.certRequests.slice(asked).sort()).toEqual(
      [FAKE_CERT_PATH, certPath('CERT-other-cn'), certPath('CERT-unknown')].sort(),
    );
    expect(await eventCount(completed.id)).toBe(0);
    expect((await orderRow(t.db, orderId))?.status).toBe('pending');

    // The genuine event is checked with PayPal (the limit is untouched) and applied, once.
    expect((await send(body, { ip: '203.0.113.7' })).statusCode).toBe(200);
    expect(fake.verifications - verifications).toBe(1);
    expect(fake.verifiedEvents.at(-1)).toBe(body);
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
    expect(await paymentCount(orderId)).toBe(1);
    // Posts that pass here still count: the limit holds for them (a replayed genuine transmission).
    const statuses = [];
    for (let i = 0; i < LIMIT_TOTAL; i += 1) statuses.push((await send(ignored())).statusCode);
    expect(statuses).toEqual([...Array(LIMIT_TOTAL - 1).fill(200), 429]);
    expect(fake.verifications - verifications).toBe(LIMIT_TOTAL);
  });

  it('applies a genuine event exactly once, with the certificate fetched once for many events', async () => {
    clock.advance(61_000);
    const asked = fake.certRequests.length;
    const { orderId, paypalOrder } = await openOrder();
    const completed = captureEvent('PAYMENT.CAPTURE.COMPLETED', orderId, paypalOrder.id);
    const statuses = await Promise.all(Array.from({ length: 4 }, () => send(completed)));
    expect(statuses.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    clock.advance(61_000);
    const more = await Promise.all(Array.from({ length: LIMIT_TOTAL }, () => send(ignored())));
    expect(more.map((answer) => answer.statusCode)).toEqual(Array(LIMIT_TOTAL).fill(200));
    expect(await eventCount(completed.id)).toBe(1);
    expect(await paymentCount(orderId)).toBe(1);
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
    expect(fake.certRequests.length - asked).toBe(0);
    // Once in all by this app: for the first test's first post.
    expect(fetchesOf(FAKE_CERT_PATH, appFetchesFrom)).toBe(1);
  });

  it('answers 503 while the certificate cannot be fetched, so PayPal delivers again; then acts once', async () => {
    clock.advance(61_000);
    const rotated = certPath('CERT-rotated');
    fake.certs.set(rotated, TEST_CERT_PEM);
    const { orderId, paypalOrder } = await openOrder();
    const completed = captureEvent('PAYMENT.CAPTURE.COMPLETED', orderId, paypalOrder.id);
    const verifications = fake.verifications;
    const faults = [
      { kind: 'status', status: 503 },
      { kind: 'status', status: 500 },
      { kind: 'status', status: 403 },
      { kind: 'drop' },
      { kind: 'timeout' },
    ] as const;
    for (const fault of faults) {
      fake.faults.fail(fault, { match: ({ path }) => path === rotated });
      const response = await send(completed, { certUrl: certUrlOf(rotated) });
      expect([fault, response.statusCode, response.json().code]).toEqual([fault, 503, 10003]);
    }
    expect(fake.verifications - verifications).toBe(0);
    expect(await eventCount(completed.id)).toBe(0);
    expect((await orderRow(t.db, orderId))?.status).toBe('pending');
    expect((await send(completed, { certUrl: certUrlOf(rotated) })).statusCode).toBe(200);
    expect((await send(completed, { certUrl: certUrlOf(rotated) })).statusCode).toBe(200);
    expect(await eventCount(completed.id)).toBe(1);
    expect(await paymentCount(orderId)).toBe(1);
    expect(fetchesOf(rotated)).toBe(1);
  });

  it('fetches a certificate once at a time and a few new ones a minute; the kept one still serves', async () => {
    clock.advance(61_000);
    const slow = certPath('CERT-slow');
    fake.certs.set(slow, TEST_CERT_PEM);
    fake.certDelayMs = 200;
    const together = await Promise.all(Array.from({ length: 4 }, () => send(ignored(), { certUrl: certUrlOf(slow) })));
    fake.certDelayMs = 0;
    expect(together.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(fetchesOf(slow)).toBe(1);

    // Made-up certificate ids on PayPal's host: 10 new URLs a minute are fetched (one went to CERT-slow), the rest
    // wait (503) without a fetch; a refused one is not fetched again.
    const asked = fake.certRequests.length;
    const forged = [];
    for (let i = 0; i < 12; i += 1) {
      forged.push((await send(ignored(), { certUrl: certUrlOf(certPath(`CERT-made-up-${i}`)) })).statusCode);
    }
    expect(forged).toEqual([...Array(9).fill(400), 503, 503, 503]);
    expect((await send(ignored(), { certUrl: certUrlOf(certPath('CERT-made-up-0')) })).statusCode).toBe(400);
    expect(fake.certRequests.length - asked).toBe(9);
    // PayPal's certificate, kept, still serves; a real but new one waits for the next minute.
    expect((await send(ignored())).statusCode).toBe(200);
    const fresh = certPath('CERT-fresh');
    fake.certs.set(fresh, TEST_CERT_PEM);
    const event = ignored();
    const waiting = await send(event, { certUrl: certUrlOf(fresh) });
    expect([waiting.statusCode, waiting.json().code]).toEqual([503, 10003]);
    expect(fetchesOf(fresh)).toBe(0);
    clock.advance(61_000);
    expect((await send(event, { certUrl: certUrlOf(fresh) })).statusCode).toBe(200);
    expect(fetchesOf(fresh)).toBe(1);
    expect(await eventCount(event.id)).toBe(1);
  });
});
