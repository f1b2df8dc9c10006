import { pullCard, snapshotEvents } from '../../src/modules/connectivity/life';
import { type CardSnapshot } from '../../src/modules/connectivity/providers/types';
import { createTestApp, testClock, type TestApp } from '../helpers/app';
import { countRows } from '../helpers/payments';

// The periodic pull (and Refresh) restores what callbacks lost: a package's used data as the network has it, for
// limited and unlimited bundles alike (an unlimited bundle has no remaining quantity: its used one is the figure),
// each pulled figure applied once.

const MB = 1024 ** 2;
const LIMITED = '89880000000000000007'; // demo's, 3.9 of 5 GB used
const UNLIMITED = '89880000000000000004'; // unlimited, 3.4 GB used

const clock = testClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    payments: { now: clock.now },
    // No simulated network running on its own (no callbacks): only the pull tells us the figures.
    connectivity: { simulatorTickSeconds: 0, pullAfterSeconds: 60 },
  });
});
afterAll(async () => t.close());

/** The card's active package with its used data here and at the network. */
async function figures(iccid: string) {
  const row = await t.db.one<{ id: number; used_bytes: number; network_used: number }>(
    `SELECT cp.id, cp.used_bytes, a.used_bytes AS network_used
       FROM card_packages cp JOIN simulator_assignments a ON a.id = cp.provider_assignment
      WHERE cp.iccid = $1 AND cp.status = 'active'`,
    [iccid],
  );
  if (!row) throw new Error(`no active package on ${iccid}`);
  return { id: Number(row.id), used: Number(row.used_bytes), network: Number(row.network_used) };
}

/** Our package fell behind the network (lost callbacks): 100 MB less used here than there. */
async function fallBehind(iccid: string) {
  const { id, network } = await figures(iccid);
  await t.db.query(`UPDATE card_packages SET used_bytes = $2 WHERE id = $1`, [id, network - 100 * MB]);
}

/** The network used more on the card without telling us (no callback). */
async function useAtNetwork(iccid: string, bytes: number) {
  await t.db.query(
    `UPDATE simulator_assignments SET used_bytes = used_bytes + $2 WHERE iccid = $1 AND state = 'active'`,
    [iccid, bytes],
  );
}

describe('the periodic pull', () => {
  it("restores a package's used data from the network, limited or unlimited", async () => {
    await fallBehind(LIMITED);
    await fallBehind(UNLIMITED);
    for (const iccid of [LIMITED, UNLIMITED]) {
      const { used, network } = await figures(iccid);
      expect(network - used).toBe(100 * MB);
    }
    // Both cards are due (never asked), and the pull asks about them.
    expect(await t.app.connectivity.pull()).toBeGreaterThanOrEqual(2);
    for (const iccid of [LIMITED, UNLIMITED]) {
      const { used, network } = await figures(iccid);
      expect(used).toBe(network);
    }
    // The card's figures follow its package.
    const card = await t.db.one<{ used_bytes: number }>(`SELECT used_bytes FROM cards WHERE iccid = $1`, [UNLIMITED]);
    expect(Number(card?.used_bytes)).toBe((await figures(UNLIMITED)).network);
  });

  it('follows new use of an unlimited package on the next pull, and applies the same figures once', async () => {
    await useAtNetwork(UNLIMITED, 50 * MB);
    await useAtNetwork(LIMITED, 20 * MB);
    clock.advance(61_000);
    // Asked again on Refresh (over a minute later): the same state, new figures.
    expect(await t.app.connectivity.refresh(UNLIMITED)).toBe(true);
    expect(await t.app.connectivity.refresh(LIMITED)).toBe(true);
    for (const iccid of [LIMITED, UNLIMITED]) {
      const { used, network } = await figures(iccid);
      expect(used).toBe(network);
    }
    // Pulled again with nothing new: one report per figure, the repeat a duplicate that changes nothing.
    const before = await figures(UNLIMITED);
    const events = await countRows(t.db, `SELECT 1 FROM connectivity_events`);
    const again = await pullCard(t.db, t.app.connectivity.provider, UNLIMITED);
    expect(again.applied).toBe(0);
    expect(again.duplicates).toBeGreaterThanOrEqual(1);
    expect(await countRows(t.db, `SELECT 1 FROM connectivity_events`)).toBe(events);
    expect(await figures(UNLIMITED)).toEqual(before);
  });
});

describe('snapshotEvents', () => {
  const bundle = {
    assignmentId: 'sim_x',
    reference: '1',
    bundle: 'global-unlimited-7d',
    state: 'active' as const,
    initialBytes: null,
    remainingBytes: null,
    unlimited: true,
    throttled: false,
    startedAt: null,
    endsAt: null,
  };
  const snapshot = (usedBytes: number | null | undefined): CardSnapshot => ({
    iccid: UNLIMITED,
    status: 'Activated',
    lastSeen: null,
    bundles: [{ ...bundle, ...(usedBytes === undefined ? {} : { usedBytes }) }],
    at: new Date(),
  });

  it("carries an unlimited bundle's used data, keyed by it", () => {
    const [first] = snapshotEvents(snapshot(100));
    const [second] = snapshotEvents(snapshot(200));
    expect(first).toMatchObject({ usedBytes: 100, remainingBytes: null });
    expect(second?.usedBytes).toBe(200);
    expect(first?.eventKey).not.toBe(second?.eventKey);
    expect(snapshotEvents(snapshot(100))[0]?.eventKey).toBe(first?.eventKey);
  });

  it('says nothing of use a provider does not report', () => {
    expect(snapshotEvents(snapshot(undefined))[0]?.usedBytes).toBeNull();
    expect(snapshotEvents(snapshot(null))[0]?.usedBytes).toBeNull();
  });
});
