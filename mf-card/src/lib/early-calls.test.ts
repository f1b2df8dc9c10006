import { createApiClient, ERROR_CODES, getStorage, STORAGE_KEYS } from 'shared-contracts';
import { askCardFirstCalls } from '../features/card/lib/card-calls';
import { fetchWithEarly, requestKey } from './early-calls';
import { earlyClient } from './early-client';
import { matchPath, startEarlyCalls } from './early-routes';
import { PREFETCHED_MAX_AGE_MS } from './prefetched';

const ICCID = '89880000000000000001';
const CARD_PAGE = { pathname: `/2/${ICCID}`, search: '' };

/** A response of the api (jsdom has no Response): its body read once, or through a copy. */
function answer(body: unknown): Response {
  let read = false;
  return {
    ok: true,
    status: 200,
    json: async () => {
      if (read) throw new TypeError('body used already');
      read = true;
      return body;
    },
    clone: () => answer(body),
  } as unknown as Response;
}

/** The api as the network: answers every call, and records each request it was sent. */
function network() {
  const sent: Array<{ path: string; body: Record<string, unknown>; auth: string | null }> = [];
  let failing = false;
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^.*\/eshop/, '');
    sent.push({
      path,
      body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>,
      auth: new Headers(init?.headers).get('Authorization'),
    });
    if (failing) throw new TypeError('Failed to fetch');
    const data = path === '/get/agent' ? { flag: '2', paypal: true, ccy: 'EUR', lang: 'en' } : { path };
    return answer({ code: ERROR_CODES.SUCCESS, message: 'ok', data });
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    sent,
    paths: () => sent.map((request) => request.path).sort(),
    fail: () => {
      failing = true;
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('early calls: asked before the page, taken by the page', () => {
  let net: ReturnType<typeof network>;
  let scope: Record<string, unknown>;
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    net = network();
    scope = {};
    globalThis.fetch = net.fetch;
    getStorage().remove(STORAGE_KEYS.RECEIPT);
    getStorage().remove(STORAGE_KEYS.CURRENCY_KEY);
    getStorage().remove(STORAGE_KEYS.LANGUAGE_KEY);
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  const earlyOnCardPage = (o: { now?: () => number } = {}) =>
    startEarlyCalls('/:flag/:iccid', CARD_PAGE, earlyClient({ scope, fetch: net.fetch, ...o }));
  const pageClient = (o: { now?: () => number } = {}) => createApiClient({ fetch: fetchWithEarly({ scope, ...o }) });

  it("asks the card's three calls; the page's first calls take them and ask its packages and notice itself", async () => {
    earlyOnCardPage();
    expect(net.paths()).toEqual(['/check/card', '/get/agent', '/get/card']);
    await flush();
    expect(net.paths()).toEqual(['/check/card', '/get/agent', '/get/card']);

    // The page's own first calls (the route's prefetch), through its client.
    const first = askCardFirstCalls(pageClient(), { flag: '2', iccid: ICCID, lang: 'en' }, new URLSearchParams());
    const card = await first.calls.card;
    await Promise.all([first.calls.check, first.calls.agent]);
    expect(card).toEqual({ ok: true, code: ERROR_CODES.SUCCESS, data: { path: '/get/card' } });
    // The card's three requests went out once, early; the packages and notice in the agent's currency, by the page.
    const packages = await (await first.packages).result;
    await (
      await first.notice
    ).result;
    expect(packages).toEqual({ ok: true, code: ERROR_CODES.SUCCESS, data: { path: '/get/pkg' } });
    expect(net.paths()).toEqual(['/check/card', '/get/agent', '/get/card', '/get/notice', '/get/pkg']);
    expect(net.sent.find((request) => request.path === '/get/pkg')?.body).toEqual({
      iccid: ICCID,
      lang: 'en',
      ccy: 'EUR',
    });
    // Taken once: the page asking again (a refresh) sends the card's three calls.
    await askCardFirstCalls(pageClient(), { flag: '2', iccid: ICCID, lang: 'en' }, new URLSearchParams()).calls.card;
    expect(net.sent).toHaveLength(8);
  });

  it('asks in the language the page starts in (?lan=, else the stored one), with the login receipt', () => {
    getStorage().set(STORAGE_KEYS.RECEIPT, 'receipt-1');
    startEarlyCalls('/:flag/:iccid', { pathname: `/2/${ICCID}`, search: '?lan=ar' }, earlyClient({ scope }));
    getStorage().set(STORAGE_KEYS.LANGUAGE_KEY, 'de');
    startEarlyCalls('/:flag/:iccid', { pathname: `/2/${ICCID}`, search: '' }, earlyClient({ scope }));
    const languages = net.sent.filter((request) => request.path === '/get/card').map((request) => request.body.lang);
    expect(languages).toEqual(['ar', 'de']);
    expect(net.sent.find((request) => request.path === '/check/card')?.body).toEqual({
      flag: '2',
      iccid: ICCID,
      auth_token: 'receipt-1',
    });
    expect(net.sent.every((request) => request.auth === 'Bearer receipt-1')).toBe(true);
  });

  it("never hands an answer to another language's or another login's request", async () => {
    earlyOnCardPage();
    await flush();
    const client = pageClient();
    await client.call('getCard', { flag: '2', iccid: ICCID, lang: 'de' });
    getStorage().set(STORAGE_KEYS.RECEIPT, 'someone-else');
    await client.call('getAgent', { iccid: ICCID });
    expect(net.sent.filter((request) => request.path === '/get/card')).toHaveLength(2);
    expect(net.sent.filter((request) => request.path === '/get/agent')).toHaveLength(2);
  });

  it('sends again what the network failed early, and what is older than the prefetch age', async () => {
    let now = 1_000;
    net.fail();
    earlyOnCardPage({ now: () => now });
    await flush();
    const failedThenSent = await pageClient({ now: () => now }).call('checkCard', { flag: '2', iccid: ICCID });
    expect(failedThenSent).toMatchObject({ ok: false, network: true });
    expect(net.sent.filter((request) => request.path === '/check/card')).toHaveLength(2);

    net = network();
    globalThis.fetch = net.fetch;
    scope = {};
    earlyOnCardPage({ now: () => now });
    now += PREFETCHED_MAX_AGE_MS + 1;
    await pageClient({ now: () => now }).call('getCard', { flag: '2', iccid: ICCID, lang: 'en' });
    expect(net.sent.filter((request) => request.path === '/get/card')).toHaveLength(2);
  });

  it("asks the card list's calls for a logged-in visitor only, and /pkg's records of the card in its address", async () => {
    startEarlyCalls('/eshop/card/list', { pathname: '/eshop/card/list', search: '' }, earlyClient({ scope }));
    expect(net.sent).toHaveLength(0);
    getStorage().set(STORAGE_KEYS.RECEIPT, 'receipt-1');
    startEarlyCalls('/eshop/card/list', { pathname: '/eshop/card/list', search: '' }, earlyClient({ scope }));
    expect(net.sent.map((request) => request.path).sort()).toEqual([
      '/api/v1/get/card/list',
      '/api/v1/get/card/list/unbind',
    ]);
    startEarlyCalls('/pkg', { pathname: '/pkg', search: `?iccid=${ICCID}&lan=de` }, earlyClient({ scope }));
    expect(net.sent.at(-1)).toMatchObject({ path: '/pkg/record', body: { iccid: ICCID, lang: 'de' } });
    // The page's own first calls take them: nothing more on the wire.
    const client = pageClient();
    await Promise.all([client.call('getCardList', {}), client.call('getUnbindList', {})]);
    expect(net.sent).toHaveLength(3);
  });

  it('takes the first of several routes that matches the address (one page served for several routes)', () => {
    getStorage().set(STORAGE_KEYS.RECEIPT, 'receipt-1');
    const routes = '/:flag/:iccid /eshop/card/list /pkg';
    const asked = startEarlyCalls(routes, { pathname: '/eshop/card/list', search: '' }, earlyClient({ scope }));
    expect(asked?.list).not.toBeNull();
    expect(asked?.card).toBeNull();
    expect(net.sent.map((request) => request.path).sort()).toEqual([
      '/api/v1/get/card/list',
      '/api/v1/get/card/list/unbind',
    ]);
    expect(startEarlyCalls(routes, { pathname: '/eshop/card/set', search: '' }, earlyClient({ scope }))).toBeNull();
  });

  it('asks nothing once the page is up, for a route without early calls, or for an address the route does not match', () => {
    pageClient();
    earlyOnCardPage();
    scope = {};
    startEarlyCalls('/card/set', { pathname: '/card/set', search: '' }, earlyClient({ scope }));
    startEarlyCalls('/:flag/:iccid', { pathname: '/2', search: '' }, earlyClient({ scope }));
    expect(net.sent).toHaveLength(0);
  });
});

describe('requestKey and matchPath', () => {
  const post = (body: string, auth?: string): RequestInit => ({
    method: 'POST',
    body,
    headers: auth ? { Authorization: auth } : {},
  });

  it('one key for the same address, body (whatever its key order) and login; another for anything else', () => {
    const key = requestKey('/eshop/get/card', post('{"flag":"2","iccid":"1","lang":"en"}'));
    expect(requestKey('/eshop/get/card', post('{"lang":"en","iccid":"1","flag":"2"}'))).toBe(key);
    expect(requestKey('/eshop/get/card', post('{"flag":"2","iccid":"1","lang":"ar"}'))).not.toBe(key);
    expect(requestKey('/eshop/get/agent', post('{"flag":"2","iccid":"1","lang":"en"}'))).not.toBe(key);
    expect(requestKey('/eshop/get/card', post('{"flag":"2","iccid":"1","lang":"en"}', 'Bearer x'))).not.toBe(key);
    expect(requestKey('/eshop/get/card', { method: 'GET' })).toBeNull();
    expect(requestKey('/eshop/get/card', post('not json'))).toBeNull();
  });

  it("reads a route's parameters as the router does", () => {
    expect(matchPath('/:flag/:iccid', '/2/8988%2001')).toEqual({ flag: '2', iccid: '8988 01' });
    expect(matchPath('/:flag/:iccid', '/2/')).toBeNull();
    expect(matchPath('/esim/:eid', '/pool/1')).toBeNull();
    expect(matchPath('/:flag/:iccid', '/2/%E0%A4%A')).toBeNull();
  });
});
