import { BIND_BATCH_MAX } from 'shared-contracts';
import { callError, stubCalls } from 'shared-contracts/testing';
import { bindCardList } from './api';

// The api takes at most BIND_BATCH_MAX ICCIDs a batch bind (issue 23: each is a guess at an unbound card's secret);
// the card list's unbound list may hold more.
const iccids = (count: number) =>
  Array.from({ length: count }, (_, i) => `89880000000000${String(i).padStart(6, '0')}`);

describe('bindCardList', () => {
  it(`sends a long list in batches of ${BIND_BATCH_MAX}`, async () => {
    const api = stubCalls({ bindCardList: null });
    const result = await bindCardList(iccids(45));
    expect(result.ok).toBe(true);
    expect(api.callsTo('bindCardList').map((call) => call.body.iccids.length)).toEqual([20, 20, 5]);
    expect(api.callsTo('bindCardList').flatMap((call) => call.body.iccids)).toEqual(iccids(45));
  });

  it('stops at the first batch that fails and answers its failure', async () => {
    let calls = 0;
    const api = stubCalls({ bindCardList: () => (++calls === 2 ? callError(10102, 'card not found') : null) });
    const result = await bindCardList(iccids(60));
    expect(result).toMatchObject({ ok: false, code: 10102 });
    expect(api.callsTo('bindCardList')).toHaveLength(2);
  });

  it('sends an empty list as one call, as before', async () => {
    const api = stubCalls({ bindCardList: null });
    expect((await bindCardList([])).ok).toBe(true);
    expect(api.callsTo('bindCardList').map((call) => call.body)).toEqual([{ iccids: [] }]);
  });
});
