import { createEsimGoProvider, type EsimGoSettings } from '../../src/modules/connectivity/providers/esimgo';
import { CallbackRejected, type ApplyRequest } from '../../src/modules/connectivity/providers/types';
import { FAKE_ESIMGO_KEY, signedCallback, startFakeEsimGo, type FakeEsimGo } from '../helpers/esimgo-fake';

// The eSIM Go v2.5 adapter against a local server speaking the documented shapes: apply by ordering with assign,
// without ordering twice when a retry follows a lost answer; refusals for good answered, everything else thrown for
// the job to retry; bundles, snapshot, suspension and location read back; V3 callbacks checked (base64 or hex HMAC).

const ICCID = '8944538532008160222';
const OTHER_ICCID = '8944538532008160230';
const BUNDLE = 'esim_1GB_7D_IM_U';
const HOUR = 3_600_000;

let fake: FakeEsimGo;

beforeEach(async () => {
  fake = await startFakeEsimGo();
});
afterEach(async () => {
  await fake.close();
});

function provider(settings: Partial<EsimGoSettings> = {}) {
  return createEsimGoProvider({ apiKey: FAKE_ESIMGO_KEY, baseUrl: fake.baseUrl, timeoutMs: 2_000, ...settings });
}

function applyRequest(fields: Partial<ApplyRequest> = {}): ApplyRequest {
  return {
    reference: '41',
    iccid: ICCID,
    bundle: BUNDLE,
    dataBytes: 1_000_000_000,
    unlimited: false,
    validityDays: 7,
    fairUseDailyBytes: null,
    firstAttemptAt: null,
    knownAssignments: [],
    ...fields,
  };
}

const orders = () => fake.calls('POST', '/orders');
const assignmentsOn = (iccid: string) => fake.assignments.filter((assignment) => assignment.iccid === iccid);

describe('apply', () => {
  test('orders the bundle for the card once, in the documented shape, and answers the new assignment', async () => {
    fake.addEsim(ICCID);
    const result = await provider().apply(applyRequest());

    expect(orders()).toHaveLength(1);
    expect(orders()[0]?.body).toEqual({
      type: 'transaction',
      assign: true,
      order: [{ type: 'bundle', item: BUNDLE, quantity: 1, iccids: [ICCID], allowReassign: false }],
    });
    expect(assignmentsOn(ICCID)).toHaveLength(1);
    expect(result).toEqual({ status: 'applied', assignmentId: assignmentsOn(ICCID)[0]?.id });
  });

  test('takes the newest assignment of the bundle, not an older one already on the card', async () => {
    fake.addEsim(ICCID);
    const older = fake.addAssignment(ICCID, BUNDLE, {
      assignmentDateTime: new Date(Date.now() - 2 * HOUR).toISOString(),
    });
    const held = fake.addAssignment(ICCID, BUNDLE);
    fake.addAssignment(ICCID, 'esim_5GB_30D_EU_V2');

    const result = await provider().apply(applyRequest({ knownAssignments: [held.id] }));

    const made = assignmentsOn(ICCID).at(-1);
    expect(made?.bundle).toBe(BUNDLE);
    expect(result).toEqual({ status: 'applied', assignmentId: made?.id });
    expect([older.id, held.id]).not.toContain(made?.id);
  });

  test('a retry after a lost answer takes the assignment the first attempt made, without ordering again', async () => {
    fake.addEsim(ICCID);
    const firstAttemptAt = new Date();
    fake.loseNextAnswer(504, { method: 'POST', path: /^\/orders$/ });
    await expect(provider().apply(applyRequest())).rejects.toThrow(/504/);
    expect(assignmentsOn(ICCID)).toHaveLength(1);

    const retried = await provider().apply(applyRequest({ firstAttemptAt }));

    expect(retried).toEqual({ status: 'applied', assignmentId: assignmentsOn(ICCID)[0]?.id });
    expect(orders()).toHaveLength(1);
    expect(assignmentsOn(ICCID)).toHaveLength(1);
  });

  test('a retry whose first attempt never reached eSIM Go orders: older and held assignments are not ours', async () => {
    fake.addEsim(ICCID);
    fake.addAssignment(ICCID, BUNDLE, { assignmentDateTime: new Date(Date.now() - HOUR).toISOString() });
    const held = fake.addAssignment(ICCID, BUNDLE);
    const firstAttemptAt = new Date();

    const result = await provider().apply(applyRequest({ firstAttemptAt, knownAssignments: [held.id] }));

    expect(orders()).toHaveLength(1);
    expect(assignmentsOn(ICCID)).toHaveLength(3);
    expect(result).toEqual({ status: 'applied', assignmentId: assignmentsOn(ICCID)[2]?.id });
  });

  test('an order eSIM Go took but does not list yet is an error; the retry takes it once listed', async () => {
    fake.addEsim(ICCID);
    fake.hideNewAssignments = true;
    const firstAttemptAt = new Date();
    await expect(provider().apply(applyRequest())).rejects.toThrow(/lists no new assignment/);

    for (const assignment of fake.assignments) assignment.hidden = false;
    const retried = await provider().apply(applyRequest({ firstAttemptAt }));

    expect(retried).toEqual({ status: 'applied', assignmentId: assignmentsOn(ICCID)[0]?.id });
    expect(orders()).toHaveLength(1);
  });

  test.each([
    ['an unknown bundle', () => applyRequest({ bundle: 'esim_2GB_7D_XX_V9' }), /esim_2GB_7D_XX_V9 not found/],
    ['a bundle not compatible with the card', () => applyRequest({ bundle: 'esim_1GB_7D_US_P2' }), /not compatible/],
    ['a card not in the organisation', () => applyRequest({ iccid: OTHER_ICCID }), /not assigned to your organisation/],
    [
      'a deactivated card',
      () => {
        fake.esims.get(ICCID)!.state = 'deactivated';
        return applyRequest();
      },
      /deactivated/,
    ],
  ])('%s is refused for good, nothing is charged', async (_case, request, reason) => {
    fake.addEsim(ICCID);
    const balance = fake.balance;

    const result = await provider().apply(request());

    expect(result).toEqual({ status: 'refused', reason: expect.stringMatching(reason) });
    expect(fake.assignments).toHaveLength(0);
    expect(fake.balance).toBe(balance);
  });

  test.each([
    ['a server error', () => fake.failNext(500, { message: 'Server Error' }), /answered 500/],
    ['eSIM Go still processing (503)', () => fake.failNext(503, { message: 'Processing' }), /answered 503/],
    ['a rate limit', () => fake.failNext(429, { message: 'Too Many Requests' }), /answered 429/],
    ['our balance too low', () => (fake.balance = 1), /Insufficient balance/],
    [
      'a 403 that does not name the card (a key eSIM Go refuses)',
      () => fake.failNext(403, { message: 'Forbidden' }, { method: 'POST' }),
      /answered 403: Forbidden/,
    ],
    [
      'a plain-text 503 (orders answer text/plain)',
      () => fake.failNext(503, 'Service Unavailable', { method: 'POST' }),
      /Service Unavailable/,
    ],
    [
      'an order answer in an undocumented shape',
      () => fake.failNext(200, { order: 'one bundle' }, { method: 'POST' }),
      /unexpected shape/,
    ],
  ])('%s is thrown for a retry, not a refusal', async (_case, arrange, message) => {
    fake.addEsim(ICCID);
    arrange();
    await expect(provider().apply(applyRequest())).rejects.toThrow(message);
    expect(fake.assignments).toHaveLength(0);
  });

  test('a wrong API key is thrown (401), never a refusal that would refund the order', async () => {
    fake.addEsim(ICCID);
    await expect(provider({ apiKey: 'not-the-key' }).apply(applyRequest())).rejects.toThrow(/answered 401/);
    expect(fake.assignments).toHaveLength(0);
  });

  test('an answer slower than the timeout is thrown', async () => {
    fake.addEsim(ICCID);
    fake.delayNext(1_000, { method: 'POST' });
    await expect(provider({ timeoutMs: 150 }).apply(applyRequest())).rejects.toThrow(/POST \/orders failed/);
  });

  test('an unreachable eSIM Go is thrown', async () => {
    const unreachable = createEsimGoProvider({ apiKey: FAKE_ESIMGO_KEY, baseUrl: 'http://127.0.0.1:9/v2.5' });
    await expect(unreachable.apply(applyRequest())).rejects.toThrow(/POST \/orders failed/);
  });
});

describe('listBundles', () => {
  test('maps every assignment, used ones included, to our states, in bytes', async () => {
    fake.addEsim(ICCID);
    const processing = fake.addAssignment(ICCID, BUNDLE);
    const queued = fake.addAssignment(ICCID, BUNDLE, { bundleState: 'queued' });
    const active = fake.use(fake.addAssignment(ICCID, 'esim_5GB_30D_EU_V2').id, 1_250_000_000);
    const depleted = fake.use(fake.addAssignment(ICCID, BUNDLE).id, 1_000_000_000);
    const lapsed = fake.addAssignment(ICCID, BUNDLE, { bundleState: 'lapsed' });
    const revoked = fake.addAssignment(ICCID, BUNDLE, { bundleState: 'revoked' });
    const unlimited = fake.use(fake.addAssignment(ICCID, 'esim_UL_1D_TR_V2').id, 1_000_000_000);
    const unheardOf = fake.use(fake.addAssignment(ICCID, BUNDLE).id, 10);
    unheardOf.bundleState = 'throttling';

    const bundles = await provider().listBundles(ICCID);

    const byId = new Map(bundles.map((bundle) => [bundle.assignmentId, bundle]));
    expect(bundles).toHaveLength(8);
    expect(fake.calls('GET', `/esims/${ICCID}/bundles`)[0]?.query).toMatchObject({ includeUsed: 'true' });
    expect(byId.get(processing.id)?.state).toBe('queued');
    expect(byId.get(queued.id)?.state).toBe('queued');
    expect(byId.get(depleted.id)?.state).toBe('depleted');
    expect(byId.get(lapsed.id)?.state).toBe('expired');
    expect(byId.get(revoked.id)?.state).toBe('revoked');
    expect(byId.get(unlimited.id)).toMatchObject({ state: 'active', unlimited: true, remainingBytes: 0 });
    // A state eSIM Go may add later is read from the figures: started, so in use.
    expect(byId.get(unheardOf.id)?.state).toBe('active');
    expect(byId.get(active.id)).toEqual({
      assignmentId: active.id,
      reference: null,
      bundle: 'esim_5GB_30D_EU_V2',
      state: 'active',
      initialBytes: 5_000_000_000,
      remainingBytes: 3_750_000_000,
      unlimited: false,
      throttled: false,
      startedAt: new Date(active.startTime ?? ''),
      endsAt: new Date(active.endTime ?? ''),
    });
    expect(byId.get(queued.id)).toMatchObject({ startedAt: null, endsAt: null, initialBytes: 1_000_000_000 });
  });

  test('a card not in the organisation has no bundles', async () => {
    await expect(provider().listBundles(OTHER_ICCID)).resolves.toEqual([]);
  });

  test('an answer not in the documented shape is thrown for a retry', async () => {
    fake.addEsim(ICCID);
    fake.failNext(200, { bundles: [{ name: BUNDLE, assignments: [{ id: '1', remainingQuantity: 'lots' }] }] });
    await expect(provider().listBundles(ICCID)).rejects.toThrow(/unexpected shape/);
  });
});

describe('snapshot', () => {
  const NOW = new Date('2025-06-01T12:00:00Z');

  test('a card never installed, with a bundle waiting, is Ready and never seen', async () => {
    fake.addEsim(ICCID);
    const waiting = fake.addAssignment(ICCID, BUNDLE, { bundleState: 'queued' });

    const snapshot = await provider({ now: () => NOW }).snapshot(ICCID);

    expect(snapshot).toMatchObject({ iccid: ICCID, status: 'Ready', lastSeen: null, at: NOW });
    expect(snapshot.bundles.map((bundle) => [bundle.assignmentId, bundle.state])).toEqual([[waiting.id, 'queued']]);
    expect(fake.calls('GET', `/esims/${ICCID}/suspend`)).toHaveLength(1);
  });

  test('a card installed and seen on a network is Activated, with where it was seen', async () => {
    fake.addEsim(ICCID);
    const seenAt = new Date('2025-05-31T08:30:00.123Z');
    fake.attach(ICCID, { country: 'FR', networkName: 'Orange', code: 'FRAF1' }, seenAt);

    const snapshot = await provider().snapshot(ICCID);

    expect(snapshot.status).toBe('Activated');
    expect(snapshot.lastSeen).toEqual({ country: 'FR', network: 'Orange', at: seenAt });
  });

  test('a card whose bundle has started is Activated even if its profile shows released', async () => {
    fake.addEsim(ICCID);
    fake.use(fake.addAssignment(ICCID, BUNDLE).id, 1_000);
    await expect(provider().snapshot(ICCID)).resolves.toMatchObject({ status: 'Activated' });
  });

  test.each(['suspended', 'deactivated'] as const)('a %s card is in Suspension', async (state) => {
    fake.addEsim(ICCID, { profileStatus: 'Installed', firstInstalledDateTime: Date.now() - HOUR, state });
    await expect(provider().snapshot(ICCID)).resolves.toMatchObject({ status: 'Suspension' });
  });

  test('the suspend endpoint decides suspension when it answers', async () => {
    fake.addEsim(ICCID, { profileStatus: 'Installed', firstInstalledDateTime: Date.now() - HOUR });
    fake.failNext(200, { suspended: true }, { path: /\/suspend$/ });
    await expect(provider().snapshot(ICCID)).resolves.toMatchObject({ status: 'Suspension' });
  });

  test('a card not in the organisation is thrown', async () => {
    await expect(provider().snapshot(OTHER_ICCID)).rejects.toThrow(/answered 403/);
  });
});

describe('revokeBundle', () => {
  test('takes back that one assignment, leaves the others, and a repeat is no error', async () => {
    fake.addEsim(ICCID);
    const refunded = fake.addAssignment(ICCID, BUNDLE, { bundleState: 'active' });
    const kept = fake.addAssignment(ICCID, BUNDLE, { bundleState: 'queued' });
    const cards = provider();
    const request = { iccid: ICCID, bundle: BUNDLE, assignmentId: refunded.id, reference: '41' };

    await cards.revokeBundle(request);
    expect(refunded.bundleState).toBe('revoked');
    expect(kept.bundleState).toBe('queued');
    // Again (the job retried after a lost answer): eSIM Go refuses, the bundle is gone, which is what was asked.
    await cards.revokeBundle(request);
    expect(fake.calls('DELETE', `/esims/${ICCID}/bundles/${BUNDLE}/assignments/${refunded.id}`)).toHaveLength(2);
  });

  test('fails (for the job to retry) while eSIM Go is down', async () => {
    fake.addEsim(ICCID);
    const live = fake.addAssignment(ICCID, BUNDLE, { bundleState: 'active' });
    fake.failNext(503, { message: 'Service Unavailable' }, { method: 'DELETE' });
    await expect(
      provider().revokeBundle({ iccid: ICCID, bundle: BUNDLE, assignmentId: live.id, reference: '41' }),
    ).rejects.toThrow();
    expect(live.bundleState).toBe('active');
  });
});

describe('setSuspended', () => {
  test('suspends and restarts the card, and a repeat is no error', async () => {
    const esim = fake.addEsim(ICCID);
    const cards = provider();

    await cards.setSuspended(ICCID, true);
    expect(esim.state).toBe('suspended');
    await cards.setSuspended(ICCID, true);
    expect(esim.state).toBe('suspended');
    await cards.setSuspended(ICCID, false);
    expect(esim.state).toBe('active');
    await cards.setSuspended(ICCID, false);
    expect(esim.state).toBe('active');

    expect(fake.calls('POST', `/esims/${ICCID}/suspend`).map((request) => request.body)).toEqual([
      { suspend: true },
      { suspend: true },
      { suspend: false },
      { suspend: false },
    ]);
  });

  test('a refusal that leaves the card otherwise is thrown', async () => {
    fake.addEsim(ICCID, { state: 'deactivated' });
    await expect(provider().setSuspended(ICCID, true)).rejects.toThrow(/deactivated/);
  });

  test('a server error is thrown', async () => {
    fake.addEsim(ICCID);
    fake.failNext(500, { message: 'Server Error' }, { method: 'POST' });
    await expect(provider().setSuspended(ICCID, true)).rejects.toThrow(/answered 500/);
  });
});

describe('lastSeen', () => {
  test('the country (ISO alpha-2, upper case), the network and the time', async () => {
    fake.addEsim(ICCID);
    const at = new Date('2025-05-30T22:10:05.000Z');
    fake.attach(ICCID, { country: 'fr', networkName: 'Orange', brand: 'Orange France', code: 'FRAF1' }, at);
    await expect(provider().lastSeen(ICCID)).resolves.toEqual({ country: 'FR', network: 'Orange', at });
  });

  test('the network code when eSIM Go names no network, no country when it is not a code', async () => {
    fake.addEsim(ICCID);
    fake.failNext(200, {
      mobileNetworkCode: 'FRAF1',
      networkName: '',
      networkBrandName: '',
      country: 'France',
      lastSeen: '2024-07-27T00:25:07.382562Z',
    });
    await expect(provider().lastSeen(ICCID)).resolves.toEqual({
      country: null,
      network: 'FRAF1',
      at: new Date('2024-07-27T00:25:07.382Z'),
    });
  });

  test('null for a card never seen, or when eSIM Go has no location (404)', async () => {
    fake.addEsim(ICCID);
    await expect(provider().lastSeen(ICCID)).resolves.toBeNull();
    fake.failNext(404, { message: 'No location found' });
    await expect(provider().lastSeen(ICCID)).resolves.toBeNull();
  });

  test('a server error is thrown', async () => {
    fake.addEsim(ICCID);
    fake.failNext(502, { message: 'Bad Gateway' });
    await expect(provider().lastSeen(ICCID)).rejects.toThrow(/answered 502/);
  });
});

describe('verifyCallback', () => {
  const NOW = new Date('2025-06-01T12:00:00Z');
  const cards = () => provider({ now: () => NOW });

  function usage(bundle: Record<string, unknown> = {}, alertType = 'Utilisation') {
    return {
      iccid: ICCID,
      alertType,
      bundle: {
        id: '215009300',
        reference: '3a6e2e40-c674-45e9-b289-b35027bf72a9-0',
        name: BUNDLE,
        description: 'eSIM, 1GB, 7 Days, Isle of Man',
        initialQuantity: 1_000_000_000,
        remainingQuantity: 500_000_000,
        startTime: '2025-05-30T10:00:00Z',
        endTime: '2025-06-06T10:00:00Z',
        unlimited: false,
        ...bundle,
      },
    };
  }

  test.each(['base64', 'hex'] as const)('a usage report signed in %s is one event', async (encoding) => {
    const { rawBody, headers } = signedCallback(FAKE_ESIMGO_KEY, usage(), encoding);

    const events = await cards().verifyCallback(rawBody, headers);

    expect(events).toEqual([
      {
        eventKey: 'esimgo:215009300:500000000:Utilisation',
        iccid: ICCID,
        reference: null,
        assignmentId: '215009300',
        at: NOW,
        state: 'active',
        initialBytes: 1_000_000_000,
        remainingBytes: 500_000_000,
        unlimited: false,
        throttled: null,
        startedAt: new Date('2025-05-30T10:00:00Z'),
        endsAt: new Date('2025-06-06T10:00:00Z'),
      },
    ]);
  });

  test.each([
    ['used up', 'depleted', { remainingQuantity: 0 }],
    ['unlimited at zero (fair use)', 'active', { remainingQuantity: 0, unlimited: true }],
    ['past its end', 'expired', { endTime: '2025-05-31T10:00:00Z' }],
    ['not started, untouched', 'queued', { remainingQuantity: 1_000_000_000, startTime: '', endTime: '' }],
    ['not started but partly used', 'active', { startTime: '', endTime: '' }],
  ])('a report of a bundle %s is %s', async (_case, state, bundle) => {
    const { rawBody, headers } = signedCallback(FAKE_ESIMGO_KEY, usage(bundle), 'base64');
    const [event] = await cards().verifyCallback(rawBody, headers);
    expect(event?.state).toBe(state);
  });

  test('reports of one assignment differ by remaining quantity and alert type', async () => {
    const keys = await Promise.all(
      [usage(), usage({ remainingQuantity: 200_000_000 }), usage({}, 'FirstUse')].map(async (body) => {
        const { rawBody, headers } = signedCallback(FAKE_ESIMGO_KEY, body, 'hex');
        return (await cards().verifyCallback(rawBody, headers))[0]?.eventKey;
      }),
    );
    expect(new Set(keys).size).toBe(3);
  });

  test('a report built from the fake names the assignment apply answered', async () => {
    fake.addEsim(ICCID);
    const applied = await provider().apply(applyRequest());
    const assignmentId = applied.status === 'applied' ? applied.assignmentId : '';
    fake.use(assignmentId, 800_000_000);
    const { rawBody, headers } = signedCallback(FAKE_ESIMGO_KEY, fake.usageCallback(assignmentId), 'base64');

    const [event] = await cards().verifyCallback(rawBody, headers);

    expect(event).toMatchObject({ assignmentId, iccid: ICCID, remainingBytes: 200_000_000, state: 'active' });
  });

  test('a signed notification about something other than usage carries no event', async () => {
    const countryChange = { alertType: 'CountryChange', iccid: ICCID, country: { code: 'NO', name: 'Norway' } };
    const topup = { alertType: 'Topup', bundle: { oldAmount: 10, newAmount: 110 } };
    for (const body of [countryChange, topup]) {
      const { rawBody, headers } = signedCallback(FAKE_ESIMGO_KEY, body, 'base64');
      await expect(cards().verifyCallback(rawBody, headers)).resolves.toEqual([]);
    }
  });

  test.each([
    ['no signature', () => ({ rawBody: Buffer.from(JSON.stringify(usage())), headers: {} })],
    ['a signature made with another key', () => signedCallback('someone-elses-key', usage(), 'base64')],
    [
      'a body changed after signing',
      () => ({
        rawBody: Buffer.from(JSON.stringify(usage({ remainingQuantity: 999_999_999 }))),
        headers: signedCallback(FAKE_ESIMGO_KEY, usage(), 'hex').headers,
      }),
    ],
    [
      'a signature that is not 32 bytes',
      () => ({ rawBody: Buffer.from('{}'), headers: { 'x-signature-sha256': 'c2lnbmVk' } }),
    ],
    ['a signed body that is not JSON', () => signedCallback(FAKE_ESIMGO_KEY, 'iccid=1&bundle=2', 'base64')],
    ['a signed body that is not an object', () => signedCallback(FAKE_ESIMGO_KEY, '"usage"', 'hex')],
    [
      'a signed usage report with unreadable figures',
      () => signedCallback(FAKE_ESIMGO_KEY, usage({ remainingQuantity: 'half' }), 'base64'),
    ],
    [
      'a signed usage report without its ICCID',
      () => signedCallback(FAKE_ESIMGO_KEY, { ...usage(), iccid: undefined }, 'base64'),
    ],
  ])('%s is rejected', async (_case, callback) => {
    const { rawBody, headers } = callback();
    await expect(cards().verifyCallback(rawBody, headers)).rejects.toBeInstanceOf(CallbackRejected);
  });
});
