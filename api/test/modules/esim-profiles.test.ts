import { createSimulator } from '../../src/modules/connectivity/providers/simulator';
import { luhnDigit } from '../../src/modules/connectivity/providers/simulator-profiles';
import { createEsimGoProvider } from '../../src/modules/connectivity/providers/esimgo';
import { createTestDb, testClock } from '../helpers/app';
import { FAKE_ESIMGO_KEY, startFakeEsimGo, type FakeEsimGo } from '../helpers/esimgo-fake';
import { migrate } from '../../src/db/migrate';
import { type Db } from '../../src/db/index';

// Issue 25: eSIM profiles come from the connectivity provider. The simulator issues random profiles and moves them
// on its clock (install_fail for its set share); the eSIM Go adapter orders a new eSIM and reads its install details.

const EID = '89049032000000000000000000000055';
const request = (reference: string) => ({
  reference,
  eid: EID,
  bundle: 'esim-global-3gb-30d',
  dataBytes: 3 * 1024 ** 3,
  unlimited: false,
  validityDays: 30,
  fairUseDailyBytes: null,
  firstAttemptAt: null,
});

describe('the simulator’s profiles', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb({ migrated: true });
    await migrate(db);
  });
  afterAll(async () => db.close());

  it('installs at the pace SIMULATOR_INSTALL_SECONDS sets: two thirds waiting, one third downloading', async () => {
    const clock = testClock();
    const simulator = createSimulator({
      db,
      secret: 'x'.repeat(32),
      now: clock.now,
      installFailShare: 0,
      installSeconds: 6,
    });
    const ordered = await simulator.orderProfile(request('esim-order-pace'));
    if (ordered.status !== 'issued') throw new Error('not issued');
    const { iccid } = ordered.profile;
    clock.advance(3_000);
    expect((await simulator.profileStatus(iccid))?.state).toBe('released');
    clock.advance(1_500);
    expect((await simulator.profileStatus(iccid))?.state).toBe('downloaded');
    clock.advance(2_000);
    expect((await simulator.profileStatus(iccid))?.state).toBe('installed');
  });

  it('issues random ICCIDs of the shop range, once per reference, and moves them to enabled', async () => {
    const clock = testClock();
    const simulator = createSimulator({ db, secret: 'x'.repeat(32), now: clock.now, installFailShare: 0 });
    const first = await simulator.orderProfile(request('esim-order-1'));
    const again = await simulator.orderProfile(request('esim-order-1'));
    const second = await simulator.orderProfile(request('esim-order-2'));
    if (first.status !== 'issued' || again.status !== 'issued' || second.status !== 'issued')
      throw new Error('not issued');
    expect(again.profile).toEqual(first.profile);
    expect(second.profile.iccid).not.toBe(first.profile.iccid);
    expect(second.profile.matchingId).not.toBe(first.profile.matchingId);
    for (const { profile } of [first, second]) {
      expect(profile.iccid).toMatch(/^8988247\d{13}$/);
      expect(Number(profile.iccid.at(-1))).toBe(luhnDigit(profile.iccid.slice(0, -1)));
      expect(profile.assignmentId).toMatch(/^sim_/);
    }
    const { iccid } = first.profile;
    expect(await simulator.profileStatus(iccid)).toMatchObject({ state: 'released', installedAt: null });
    clock.advance(60_000);
    expect(await simulator.profileStatus(iccid)).toMatchObject({ state: 'downloaded' });
    clock.advance(30_000);
    const installed = await simulator.profileStatus(iccid);
    expect(installed?.state).toBe('installed');
    expect(installed?.installedAt).toBeInstanceOf(Date);
    // The tick moves every profile too, and an enabled profile's phone is on the network.
    clock.advance(30_000);
    await simulator.tick();
    expect((await simulator.profileStatus(second.profile.iccid))?.state).toBe('enabled');
    expect(await simulator.lastSeen(second.profile.iccid)).not.toBeNull();
    expect(await simulator.profileAction(iccid, 'disable')).toBe('done');
    expect((await simulator.profileStatus(iccid))?.state).toBe('disabled');
    expect(await simulator.profileStatus('89882470000000000000')).toBeNull();
  });

  it('fails its set share of installs with a reason, and refuses unknown bundles', async () => {
    const clock = testClock();
    const simulator = createSimulator({
      db,
      secret: 'x'.repeat(32),
      now: clock.now,
      installFailShare: 1,
      refusedBundles: ['nope'],
    });
    const issued = await simulator.orderProfile(request('esim-order-3'));
    if (issued.status !== 'issued') throw new Error('not issued');
    clock.advance(10 * 60_000);
    const failed = await simulator.profileStatus(issued.profile.iccid);
    expect(failed).toMatchObject({ state: 'install_fail', installedAt: null });
    expect(failed?.reason).toEqual(expect.any(String));
    expect(await simulator.orderProfile({ ...request('esim-order-4'), bundle: 'nope' })).toMatchObject({
      status: 'refused',
    });
  });
});

describe('the eSIM Go adapter’s profiles', () => {
  let fake: FakeEsimGo;
  beforeAll(async () => {
    fake = await startFakeEsimGo();
  });
  afterAll(async () => fake.close());

  it('orders a new eSIM with the bundle and reads its install details', async () => {
    const provider = createEsimGoProvider({ apiKey: FAKE_ESIMGO_KEY, baseUrl: fake.baseUrl });
    const result = await provider.orderProfile({ ...request('esim-order-7'), bundle: 'esim_5GB_30D_EU_V2' });
    if (result.status !== 'issued') throw new Error(JSON.stringify(result));
    const [order] = fake.calls('POST', '/orders');
    expect(order?.body).toMatchObject({
      type: 'transaction',
      assign: true,
      order: [{ type: 'bundle', item: 'esim_5GB_30D_EU_V2', quantity: 1 }],
    });
    expect((order?.body as { order: Array<{ iccids?: unknown }> }).order[0]?.iccids).toBeUndefined();
    expect(fake.calls('GET', '/esims/assignments')).toHaveLength(1);
    const { profile } = result;
    expect(profile.smdpAddress).toBe('rsp.esimgo-fake.test');
    expect(profile.matchingId).toBe(`JQ-${profile.iccid.slice(-6)}-FAKE`);
    expect(profile.assignmentId).toBe(fake.assignments.find((item) => item.iccid === profile.iccid)?.id);
    expect(await provider.profileStatus(profile.iccid)).toMatchObject({ state: 'released' });
    fake.attach(profile.iccid, { country: 'FR', networkName: 'Orange', code: 'FRAF1' });
    expect(await provider.profileStatus(profile.iccid)).toMatchObject({ state: 'installed' });
    expect(await provider.profileAction(profile.iccid, 'disable')).toBe('unsupported');
    // A retry after an unfinished attempt never orders twice.
    const retry = await provider.orderProfile({
      ...request('esim-order-8'),
      bundle: 'esim_5GB_30D_EU_V2',
      firstAttemptAt: new Date(),
    });
    expect(retry.status).toBe('unknown');
    expect(fake.calls('POST', '/orders')).toHaveLength(1);
    // An unknown bundle is a refusal for good.
    expect(await provider.orderProfile({ ...request('esim-order-9'), bundle: 'esim_nope' })).toMatchObject({
      status: 'refused',
    });
  });
});
