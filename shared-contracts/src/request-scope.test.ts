// Server-side rendering's request scope (request-scope.ts) as its callers see it: the shell's server bundle runs each
// page request in a scope (AsyncLocalStorage), the api client and getStorage answer that request's; the client's
// first render reads the answers the page carried.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient } from './client';
import { subscribe } from './bus';
import {
  callKey,
  forgetInitialResults,
  isServerRender,
  peekInitialResult,
  requestScope,
  seedInitialResults,
  setRequestScopeProvider,
  takeInitialResult,
  type RequestScope,
} from './request-scope';
import { createSafeStorage, getStorage, STORAGE_KEYS } from './storage';

interface Seen {
  url: string;
  authorization: string | undefined;
  body: unknown;
}

let server: Server;
let origin: string;
const seen: Seen[] = [];

// The api stand-in: answers after `delay` ms (so two requests' calls overlap) with who asked.
beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || 'null') as { iccid?: string; delay?: number } | null;
      seen.push({ url: req.url ?? '', authorization: req.headers.authorization, body });
      const answer =
        body?.iccid === 'expired'
          ? { code: 10013, message: 'token invalid', data: null }
          : {
              code: 10000,
              message: 'ok',
              data: { flag: '2', iccid: body?.iccid, by: req.headers.authorization ?? null },
            };
      setTimeout(
        () => {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(answer));
        },
        Number(req.headers['x-delay'] ?? 0),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const scopes = new AsyncLocalStorage<RequestScope>();

beforeEach(() => {
  seen.length = 0;
  setRequestScopeProvider(() => scopes.getStore());
});

afterEach(() => {
  setRequestScopeProvider(null);
  forgetInitialResults();
});

function memoryStorage(initial: Record<string, string>) {
  const map = new Map(Object.entries(initial));
  return createSafeStorage({
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  });
}

/** A page request's scope, as shell/src/server/render.tsx makes one: its cookies' storage, the api over loopback. */
function scopeOf(initial: Record<string, string>, delayMs = 0): RequestScope {
  return {
    storage: memoryStorage(initial),
    apiBase: `${origin}/eshop`,
    // Each request's calls answered after its own delay, to make two requests' calls overlap.
    fetch: (url, init) =>
      globalThis.fetch(url, { ...init, headers: { ...(init?.headers as object), 'x-delay': String(delayMs) } }),
    answers: new Map(),
    pending: new Set(),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('a page request on the server', () => {
  it('sees its own storage and receipt, never those of a request rendering at the same time', async () => {
    // The modules' client: one for every request (as the remotes' module-level clients are), a relative base.
    const client = createApiClient({ baseUrl: '/eshop' });
    const a = scopeOf({ [STORAGE_KEYS.RECEIPT]: 'receipt-a', [STORAGE_KEYS.LANGUAGE_KEY]: 'de' }, 40);
    const b = scopeOf({ [STORAGE_KEYS.LANGUAGE_KEY]: 'fr' }, 5);
    const inA = scopes.run(a, async () => {
      const before = getStorage().get(STORAGE_KEYS.LANGUAGE_KEY);
      const result = await client.call('checkCard', { flag: '2', iccid: '111' });
      await tick();
      return { before, after: getStorage().get(STORAGE_KEYS.LANGUAGE_KEY), result, scope: requestScope() };
    });
    const inB = scopes.run(b, async () => {
      await tick();
      const result = await client.call('checkCard', { flag: '2', iccid: '222' });
      return {
        language: getStorage().get(STORAGE_KEYS.LANGUAGE_KEY),
        receipt: getStorage().get(STORAGE_KEYS.RECEIPT),
        result,
        scope: requestScope(),
      };
    });
    const [seenA, seenB] = await Promise.all([inA, inB]);

    expect(seenA.before).toBe('de');
    expect(seenA.after).toBe('de');
    expect(seenA.scope).toBe(a);
    expect(seenB.language).toBe('fr');
    expect(seenB.receipt).toBeNull();
    expect(seenB.scope).toBe(b);
    // Each call went out with its request's receipt (none for b) and was answered to it.
    expect(seen.find((s) => (s.body as { iccid: string }).iccid === '111')?.authorization).toBe('Bearer receipt-a');
    expect(seen.find((s) => (s.body as { iccid: string }).iccid === '222')?.authorization).toBeUndefined();
    expect(seenA.result).toMatchObject({ ok: true, data: { iccid: '111', by: 'Bearer receipt-a' } });
    expect(seenB.result).toMatchObject({ ok: true, data: { iccid: '222', by: null } });
    // Each request recorded its own answer only.
    expect([...a.answers.keys()]).toEqual([callKey('checkCard', { flag: '2', iccid: '111' })]);
    expect([...b.answers.keys()]).toEqual([callKey('checkCard', { flag: '2', iccid: '222' })]);
    expect(a.pending.size).toBe(0);
    expect(b.pending.size).toBe(0);
  });

  it('outside a scope: getStorage is the page storage, and nothing is a server render', async () => {
    const page = getStorage();
    const scope = scopeOf({ [STORAGE_KEYS.LANGUAGE_KEY]: 'de' });
    const inside = await scopes.run(scope, async () => ({ storage: getStorage(), server: isServerRender() }));
    expect(inside.storage).toBe(scope.storage);
    expect(inside.server).toBe(true);
    expect(getStorage()).toBe(page);
    expect(getStorage()).not.toBe(scope.storage);
    expect(isServerRender()).toBe(false);
    expect(requestScope()).toBeUndefined();
  });
});

describe('the api client on the server', () => {
  it('calls the api at the loopback origin with the request receipt, and records the answer', async () => {
    // The page's own client (relative base, the page's storage): on the server the scope's base and storage win.
    const client = createApiClient({ baseUrl: '/eshop', storage: memoryStorage({ [STORAGE_KEYS.RECEIPT]: 'page' }) });
    const scope = scopeOf({ [STORAGE_KEYS.RECEIPT]: 'from-cookie' });
    const result = await scopes.run(scope, () => client.call('checkCard', { flag: '2', iccid: '333' }));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ url: '/eshop/check/card', authorization: 'Bearer from-cookie' });
    expect(result.ok).toBe(true);
    expect(scope.answers.get(callKey('checkCard', { iccid: '333', flag: '2' }))).toEqual(result);
  });

  it('shows no toast and ends no session on a failure: the answer is recorded for the client', async () => {
    const onError = jest.fn();
    const onSessionEnd = jest.fn();
    const client = createApiClient({ baseUrl: '/eshop', onError, onSessionEnd });
    const toasts = jest.fn();
    const unsubscribe = subscribe('toast', toasts);
    const scope = scopeOf({ [STORAGE_KEYS.RECEIPT]: 'old' });
    const result = await scopes.run(scope, () => client.call('checkCard', { flag: '2', iccid: 'expired' }));
    unsubscribe();
    expect(result).toEqual({ ok: false, code: 10013, message: 'token invalid' });
    expect(onError).not.toHaveBeenCalled();
    expect(onSessionEnd).not.toHaveBeenCalled();
    expect(toasts).not.toHaveBeenCalled();
    // The request's storage keeps its receipt (ending the session is the client's, when it uses the answer).
    expect(scope.storage.get(STORAGE_KEYS.RECEIPT)).toBe('old');
    expect(scope.answers.get(callKey('checkCard', { flag: '2', iccid: 'expired' }))).toEqual(result);
  });

  it('does not record a transport failure (the client asks again)', async () => {
    const client = createApiClient({ baseUrl: '/eshop', onError: jest.fn(), logger: { warn: jest.fn() } });
    const scope = { ...scopeOf({}), apiBase: 'http://127.0.0.1:1/eshop' };
    const result = await scopes.run(scope, () => client.call('checkCard', { flag: '2', iccid: '444' }));
    expect(result).toMatchObject({ ok: false, network: true });
    expect(scope.answers.size).toBe(0);
  });
});

describe('peekInitialResult', () => {
  const answer = { ok: true as const, code: 10000, data: { flag: '2', iccid: '555' } };

  it('on the server: the request answers, whatever the payload key order', async () => {
    const scope = scopeOf({});
    scope.answers.set(callKey('checkCard', { flag: '2', iccid: '555' }), answer);
    const found = await scopes.run(scope, async () => ({
      same: peekInitialResult('checkCard', { iccid: '555', flag: '2' }),
      other: peekInitialResult('checkCard', { iccid: '556', flag: '2' }),
    }));
    expect(found.same).toEqual(answer);
    expect(found.other).toBeNull();
    // Another request (or none) does not see them.
    expect(peekInitialResult('checkCard', { iccid: '555', flag: '2' })).toBeNull();
  });

  it('keys a call without the login it carries: a page never holds a receipt', () => {
    const withLogin = callKey('getActivityList', { position: 'p', lang: 'en', auth_token: 'receipt-secret' });
    expect(withLogin).toBe(callKey('getActivityList', { lang: 'en', position: 'p' }));
    expect(withLogin).not.toContain('receipt-secret');
    expect(callKey('getActivityList', { position: 'q', lang: 'en' })).not.toBe(withLogin);
  });

  it("reads the seed only while the device's login is the page's (a login in the page ends it)", () => {
    let receipt: string | null = null;
    seedInitialResults({ [callKey('checkCard', { flag: '2', iccid: '555' })]: answer }, () => receipt === null);
    // The visitor's answer answers the visitor's call...
    expect(peekInitialResult('checkCard', { flag: '2', iccid: '555' })).toEqual(answer);
    // ...never the same call of the account logged in meanwhile (its key leaves the login out).
    receipt = 'receipt-token';
    expect(peekInitialResult('checkCard', { flag: '2', iccid: '555', auth_token: receipt })).toBeNull();
    expect(takeInitialResult('checkCard', { flag: '2', iccid: '555', auth_token: receipt })).toBeNull();
    receipt = null;
    expect(peekInitialResult('checkCard', { flag: '2', iccid: '555' })).toBeNull();
  });

  it("on the client: the page's #ssr-data seed; a seed for another payload is ignored", () => {
    // The seed as the host writes it into the page (JSON), read back as the client does.
    const seed = JSON.parse(
      JSON.stringify({ answers: { [callKey('checkCard', { flag: '2', iccid: '555' })]: answer } }),
    );
    expect(peekInitialResult('checkCard', { flag: '2', iccid: '555' })).toBeNull();
    seedInitialResults(seed.answers);
    expect(peekInitialResult('checkCard', { iccid: '555', flag: '2' })).toEqual(answer);
    expect(peekInitialResult('checkCard', { flag: '2', iccid: '556' })).toBeNull();
    expect(peekInitialResult('getCard', { flag: '2', iccid: '555' })).toBeNull();
    // Peeking takes nothing: the render reads it as often as it renders.
    expect(peekInitialResult('checkCard', { flag: '2', iccid: '555' })).toEqual(answer);
    forgetInitialResults();
    expect(peekInitialResult('checkCard', { flag: '2', iccid: '555' })).toBeNull();
  });

  it('on the client, the api client takes a seeded answer once instead of the network', async () => {
    seedInitialResults({ [callKey('checkCard', { flag: '2', iccid: '555' })]: answer });
    const client = createApiClient({ baseUrl: `${origin}/eshop` });
    expect(await client.call('checkCard', { flag: '2', iccid: '555' })).toEqual(answer);
    expect(seen).toHaveLength(0);
    // The first render may still read it; the next call goes to the api.
    expect(peekInitialResult('checkCard', { flag: '2', iccid: '555' })).toEqual(answer);
    expect(takeInitialResult('checkCard', { flag: '2', iccid: '555' })).toBeNull();
    await client.call('checkCard', { flag: '2', iccid: '555' });
    expect(seen).toHaveLength(1);
  });
});
