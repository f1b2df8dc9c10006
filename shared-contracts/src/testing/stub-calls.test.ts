import { createApiClient, type ApiClient } from '../client';
import { callError, httpAnswer, stubCalls, takeCallProblems } from './stub-calls';

const ICCID = '89880000000000000001';
const card = {
  iccid: ICCID,
  name: '',
  status_str: 'Activated',
  expire_date: '2026-12-12',
  available_days: 21,
  used_str: '5GB',
  total_str: '20GB',
  used: 5120,
  total: 20480,
  usage_updated_at: null,
  card_email: '',
  kind: 1,
  renewal: false,
  create: null,
  show_alert: false,
  unlimited: false,
  in_agent: false,
  agent_version: 2 as const,
  card_kind: 1 as const,
  user_id: 0,
  show_share_plan: false,
  hasKeys: false,
};

let client: ApiClient;
const errors: Array<[string, number]> = [];
const warn = jest.fn();
beforeEach(() => {
  errors.length = 0;
  warn.mockReset();
  client = createApiClient({
    onError: (messageKey, code) => errors.push([messageKey, code]),
    onSessionEnd: () => undefined,
    logger: { warn },
  });
});
afterEach(() => takeCallProblems());

describe('stubCalls', () => {
  it('answers a call by name with its data in the success envelope, parsed by the response schema', async () => {
    const network = stubCalls({ getCard: card, getActivityList: {} });
    const result = await client.call('getCard', { flag: '2', iccid: ICCID, lang: 'en' });
    expect(result).toEqual({ ok: true, code: 10000, data: card });

    // The schema's defaults are applied, as the api's serializer does.
    const activities = await client.call('getActivityList', { position: 'cardDetail', lang: 'en' });
    expect(activities.ok && activities.data).toEqual({
      topList: [],
      bannerList: [],
      floatList: [],
      recallList: [],
      popupList: [],
    });
    expect(network.calls.map((call) => [call.name, call.path])).toEqual([
      ['getCard', '/eshop/get/card'],
      ['getActivityList', '/eshop/message/activity'],
    ]);
    expect(takeCallProblems()).toEqual([]);
  });

  it('maps both /eshop and /eshop/api (and a partner page’s absolute base) to the call', async () => {
    const network = stubCalls({ event: null, getCardList: { eid: [], pool: [], esim: [], card: [] } });
    await client.call('event', { name: 'Summer', position: 'cardDetail' }, { base: 'api' });
    await client.call('getCardList', {});
    await createApiClient({ baseUrl: 'https://shop.example.com/eshop', logger: { warn } }).call('event', {
      name: 'x',
      position: 'cardDetail',
    });
    expect(network.calls.map((call) => [call.name, call.path])).toEqual([
      ['event', '/eshop/api/event'],
      ['getCardList', '/eshop/api/v1/get/card/list'],
      ['event', '/eshop/event'],
    ]);
    expect(network.calls[2]?.url).toBe('https://shop.example.com/eshop/event');
  });

  it('throws a readable error when a stub does not match the response schema', async () => {
    const { iccid: _dropped, ...withoutIccid } = card;
    stubCalls({ getCard: { ...withoutIccid, used: -1 } as unknown as typeof card });
    await expect(
      globalThis.fetch('/eshop/get/card', {
        method: 'POST',
        body: JSON.stringify({ flag: '2', iccid: ICCID, lang: 'en' }),
      }),
    ).rejects.toThrow(/stub of getCard does not match its response schema[\s\S]*iccid[\s\S]*used/);
    // Through the client the failure looks like the network; the test still fails afterwards (jest.setup.web.ts).
    const result = await client.call('getCard', { flag: '2', iccid: ICCID, lang: 'en' });
    expect(result).toMatchObject({ ok: false, network: true });
    const problems = takeCallProblems();
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/getCard/);
  });

  it('rejects an unstubbed call with an error naming its path and the call name to stub', async () => {
    stubCalls({ getCard: card });
    await expect(
      globalThis.fetch('/eshop/get/notice', { method: 'POST', body: JSON.stringify({ lang: 'en' }) }),
    ).rejects.toThrow('unstubbed call checkNotice (POST /eshop/get/notice). Stub it by name: stubCalls({ checkNotice');
    await expect(globalThis.fetch('/somewhere/else.json')).rejects.toThrow(
      /fetch of \/somewhere\/else.json is not a call of shared-contracts\/calls and not in `extra`/,
    );
    expect(takeCallProblems()).toHaveLength(2);
  });

  it('gives function stubs the request body, sync or async', async () => {
    const seen: unknown[] = [];
    const network = stubCalls({
      userSet: (request) => {
        seen.push(request);
        return { area: request.area, ccy: request.ccy };
      },
      getPkg: async (request) => {
        seen.push(request);
        return { typeList: [request.iccid] };
      },
    });
    const settings = await client.call('userSet', { area: 'DE', ccy: 'EUR' });
    const packages = await client.call('getPkg', { iccid: ICCID, lang: 'en', ccy: 'EUR' });
    expect(settings).toEqual({ ok: true, code: 10000, data: { area: 'DE', ccy: 'EUR' } });
    expect(packages.ok && packages.data).toEqual({ list: [], newList: [], recommendList: [], typeList: [ICCID] });
    expect(seen).toEqual([
      { area: 'DE', ccy: 'EUR' },
      { iccid: ICCID, lang: 'en', ccy: 'EUR' },
    ]);
    expect(network.callsTo('userSet')).toEqual([expect.objectContaining({ body: { area: 'DE', ccy: 'EUR' } })]);
  });

  it('passes an error envelope through (callError), and a throwing stub is a network failure', async () => {
    stubCalls({
      unlock: callError(10005),
      getPkg: () => {
        throw new TypeError('offline');
      },
    });
    expect(await client.call('unlock', { iccid: ICCID })).toEqual({ ok: false, code: 10005, message: '' });
    expect(errors).toEqual([['errors.10005', 10005]]);
    expect(await client.call('getPkg', { iccid: ICCID, lang: 'en', ccy: 'EUR' })).toMatchObject({
      ok: false,
      network: true,
    });
    expect(takeCallProblems()).toEqual([]);
  });

  it('refuses a request the api would refuse (its request schema is strict)', async () => {
    stubCalls({ bindEid: null });
    await client.call('bindEid', { eid: '123' });
    const [problem] = takeCallProblems();
    expect(problem).toMatch(/request of bindEid does not match its request schema[\s\S]*eid/);
  });

  it('answers other URLs only from `extra`, with any status', async () => {
    const network = stubCalls(
      {},
      {
        extra: {
          '/remotes.json': { mf_card: 'http://localhost:8081/mf-manifest.json' },
          'http://localhost:8081/mf-manifest.json': () => httpAnswer(503, { message: 'down' }),
        },
      },
    );
    const manifest = await globalThis.fetch('/remotes.json?v=1');
    expect(manifest.ok).toBe(true);
    expect(await manifest.json()).toEqual({ mf_card: 'http://localhost:8081/mf-manifest.json' });
    const down = await globalThis.fetch('http://localhost:8081/mf-manifest.json');
    expect(down.status).toBe(503);
    expect(network.requestsTo('/remotes.json')).toHaveLength(1);
    expect(network.requestsTo('http://localhost:8081/mf-manifest.json')).toHaveLength(1);
    expect(network.calls).toEqual([]);
  });

  it('adds stubs later, replaces an earlier stubCalls, and restores the previous fetch', async () => {
    const real = globalThis.fetch;
    const first = stubCalls({ unlock: { result: 'unsuspended', status_str: 'Activated' } });
    first.stub({ unlock: callError(10005) });
    expect(await client.call('unlock', { iccid: ICCID })).toMatchObject({ code: 10005 });
    const second = stubCalls({ unlock: { result: 'not_suspended', status_str: 'Activated' } });
    expect(await client.call('unlock', { iccid: ICCID })).toMatchObject({ ok: true });
    expect(first.calls).toHaveLength(1);
    expect(second.calls).toHaveLength(1);
    second.restore();
    expect(globalThis.fetch).toBe(real);
  });
});
