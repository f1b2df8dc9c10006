// The client against a real HTTP server on an ephemeral port: what goes over the wire and what callers get back.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AHEAD_KEPT_MS, aheadOf, createApiClient, type ApiClientOptions } from './client';
import { createSafeStorage, STORAGE_KEYS, type StorageLike } from './storage';
import { getBus } from './bus';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

let server: Server;
let origin: string;
const seen: Seen[] = [];
/** What the server answers next: status and raw body. */
let reply: { status: number; body: string } = { status: 200, body: '{}' };
const envelope = (code: number, data: unknown = null, message = '') => ({
  status: 200,
  body: JSON.stringify({ code, message, data }),
});

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(raw || 'null'),
      });
      res.writeHead(reply.status, { 'Content-Type': 'application/json' });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function memory(initial: Record<string, string> = {}): StorageLike & { map: Map<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

function setup(initial: Record<string, string> = {}, extra: Partial<ApiClientOptions> = {}) {
  const backing = memory(initial);
  const onError = jest.fn();
  const onSessionEnd = jest.fn();
  const logger = { warn: jest.fn() };
  const client = createApiClient({
    baseUrl: `${origin}/eshop`,
    storage: createSafeStorage(backing),
    onError,
    onSessionEnd,
    logger,
    ...extra,
  });
  return { client, backing, onError, onSessionEnd, logger };
}

beforeEach(() => {
  seen.length = 0;
});

const ICCID = '8986012345678901234';

describe('requests', () => {
  it('POSTs the JSON payload to /eshop<path> and resolves the data on 10000', async () => {
    reply = envelope(10000, { flag: '7', iccid: ICCID });
    const { client, onError } = setup();
    const result = await client.call('checkCard', { flag: '2', iccid: ICCID });
    expect(result).toEqual({ ok: true, code: 10000, data: { flag: '7', iccid: ICCID } });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/eshop/check/card', body: { flag: '2', iccid: ICCID } });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(onError).not.toHaveBeenCalled();
  });

  it('sends card list screen calls under /eshop/api, and honours a base override', async () => {
    reply = envelope(10000, { list: [] });
    const { client } = setup();
    await client.call('getUnbindList', {});
    await client.call('getActivityList', { lang: 'en', position: 'index,sIMCard.TC' }, { base: 'api' });
    expect(seen.map((s) => s.url)).toEqual(['/eshop/api/v1/get/card/list/unbind', '/eshop/api/message/activity']);
  });

  it('sends the stored receipt as a bearer token, and no Authorization header without one', async () => {
    reply = envelope(10000, null);
    await setup({ [STORAGE_KEYS.RECEIPT]: 'tok-123' }).client.call('unlock', { iccid: ICCID });
    await setup().client.call('unlock', { iccid: ICCID });
    expect(seen[0]?.headers.authorization).toBe('Bearer tok-123');
    expect(seen[1]?.headers.authorization).toBeUndefined();
  });

  it('treats 200000 as success too', async () => {
    reply = envelope(200000, null);
    expect(await setup().client.call('unlock', { iccid: ICCID })).toEqual({ ok: true, code: 200000, data: null });
  });
});

describe('error codes', () => {
  it('reports a catalogue code with its message key and resolves the failure', async () => {
    reply = { status: 404, body: JSON.stringify({ code: 10102, message: 'card not found', data: null }) };
    const { client, onError } = setup();
    const result = await client.call('getCard', { flag: '2', iccid: ICCID, lang: 'en' });
    expect(result).toEqual({ ok: false, code: 10102, message: 'card not found' });
    expect(onError).toHaveBeenCalledWith('errors.10102', 10102, 'error');
  });

  it('maps 400 and 500 to the parameter and system messages and 10104 to a warning', async () => {
    const { client, onError } = setup();
    for (const code of [400, 500, 10104]) {
      reply = envelope(code);
      await client.call('unlock', { iccid: ICCID });
    }
    expect(onError.mock.calls).toEqual([
      ['errors.10002', 400, 'error'],
      ['errors.10003', 500, 'error'],
      ['errors.10104', 10104, 'warning'],
    ]);
  });

  it('shows the server message for unknown codes, else the unknown-error key', async () => {
    const { client, onError } = setup();
    reply = envelope(42, null, 'Pool is full');
    await client.call('unlock', { iccid: ICCID });
    reply = envelope(43, null, '');
    await client.call('unlock', { iccid: ICCID });
    expect(onError.mock.calls.map((c) => c[0])).toEqual(['Pool is full', 'errors.unknown']);
  });

  it('stays silent with closeMessage', async () => {
    reply = envelope(10003);
    const { client, onError } = setup();
    const result = await client.call('paySearch', { order_id: 'o1' }, { closeMessage: true });
    expect(result.ok).toBe(false);
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('session end', () => {
  const loggedIn = {
    [STORAGE_KEYS.RECEIPT]: 'tok',
    [STORAGE_KEYS.EMAIL]: 'card@example.com',
    [STORAGE_KEYS.USER_EMAIL]: 'me@example.com',
    [STORAGE_KEYS.USER_ID]: '7',
    [STORAGE_KEYS.DEVICE_ITEM_ICCID]: ICCID,
    [STORAGE_KEYS.LANGUAGE_KEY]: 'de',
  };

  it.each([10012, 10013, 10021])('code %i clears the login and sends the user to the device page', async (code) => {
    reply = envelope(code);
    const { client, backing, onSessionEnd, onError } = setup(loggedIn);
    await client.call('getUserInfo', {});
    expect([...backing.map.keys()].sort()).toEqual([STORAGE_KEYS.DEVICE_ITEM_ICCID, STORAGE_KEYS.LANGUAGE_KEY]);
    expect(onSessionEnd).toHaveBeenCalledWith({ disableBack: false, redirectTo: `/2/${ICCID}` });
    expect(onError).toHaveBeenCalledWith(`errors.${code}`, code, 'error');
  });

  it("goes to '/' without a stored card, and nowhere with disableBack", async () => {
    reply = envelope(10012);
    const first = setup({ [STORAGE_KEYS.RECEIPT]: 'tok' });
    await first.client.call('getUserInfo', {});
    expect(first.onSessionEnd).toHaveBeenCalledWith({ disableBack: false, redirectTo: '/' });

    const second = setup(loggedIn);
    await second.client.call('getUserInfo', {}, { disableBack: true });
    expect(second.onSessionEnd).toHaveBeenCalledWith({ disableBack: true, redirectTo: null });
    expect(second.backing.map.has(STORAGE_KEYS.RECEIPT)).toBe(false);
  });
});

describe('transport failures', () => {
  it('logs an unreachable server and resolves a network failure without a message', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const { client, logger, onError } = setup({}, { baseUrl: `http://127.0.0.1:${port}/eshop` });
    const result = await client.call('getConfig', { url: 'https://shop.example.com/' });
    expect(result).toEqual({ ok: false, code: -1, message: '', network: true });
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('treats a non-envelope answer (a proxy error page) as a network failure', async () => {
    reply = { status: 502, body: '<html>Bad gateway</html>' };
    const { client, logger } = setup();
    expect(await client.call('getConfig', { url: 'https://shop.example.com/' })).toMatchObject({ network: true });
    reply = { status: 200, body: JSON.stringify({ message: 'no code' }) };
    expect(await client.call('getConfig', { url: 'https://shop.example.com/' })).toMatchObject({ network: true });
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('resolves an aborted call quietly', async () => {
    reply = envelope(10000, null);
    const { client, logger } = setup();
    const controller = new AbortController();
    controller.abort();
    const result = await client.call('unlock', { iccid: ICCID }, { signal: controller.signal });
    expect(result).toMatchObject({ ok: false, network: true, aborted: true });
    expect(logger.warn).not.toHaveBeenCalled();
  });
});

describe('a call this copy does not know', () => {
  // A remote built later than the page's shared-contracts asks for a call the page's call map lacks.
  type Call = (name: string, payload: unknown, options?: { closeMessage?: boolean }) => Promise<unknown>;

  it('answers a system error with the usual message and a warning naming the call, without a request', async () => {
    const { client, onError, logger } = setup();
    const result = await (client.call as Call)('getFutureThing', { id: 1 });
    expect(result).toEqual({ ok: false, code: 10003, message: '' });
    expect(onError).toHaveBeenCalledWith('errors.10003', 10003, 'error');
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('getFutureThing'));
    expect(seen).toHaveLength(0);
  });

  it('stays silent with closeMessage, and does not take an inherited name for a call', async () => {
    const { client, onError, logger } = setup();
    expect(await (client.call as Call)('toString', {}, { closeMessage: true })).toMatchObject({
      ok: false,
      code: 10003,
    });
    expect(onError).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(0);
  });
});

describe('report', () => {
  it("shows a quiet failure's message later, without asking again; nothing for a success or a network failure", async () => {
    reply = envelope(10102, null, 'card not found');
    const { client, onError } = setup();
    const failed = await client.call('getCard', { flag: '2', iccid: ICCID, lang: 'en' }, { closeMessage: true });
    expect(onError).not.toHaveBeenCalled();
    client.report(failed);
    expect(onError).toHaveBeenCalledWith('errors.10102', 10102, 'error');
    expect(seen).toHaveLength(1);

    client.report({ ok: true, code: 10000, data: null });
    client.report({ ok: false, code: -1, message: '', network: true });
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

describe('defaults', () => {
  it('publishes errors as toasts and session ends on the page bus', async () => {
    const toasts: unknown[] = [];
    const ends: unknown[] = [];
    const offToast = getBus().subscribe('toast', (t) => toasts.push(t));
    const offEnd = getBus().subscribe('session:end', (e) => ends.push(e));
    const client = createApiClient({ baseUrl: `${origin}/eshop`, storage: createSafeStorage(memory()) });

    reply = envelope(10104);
    await client.call('unlock', { iccid: ICCID });
    reply = envelope(10013);
    await client.call('getUserInfo', {});
    offToast();
    offEnd();

    expect(toasts).toEqual([
      { kind: 'warning', messageKey: 'errors.10104' },
      { kind: 'error', messageKey: 'errors.10013' },
    ]);
    expect(ends).toEqual([{ disableBack: false, redirectTo: '/' }]);
  });
});

describe('calls asked ahead (a route prefetch)', () => {
  it("hands the answer to the page's same call once, without asking the api again", async () => {
    reply = envelope(10000, { flag: '2', iccid: ICCID });
    const { client } = setup({ [STORAGE_KEYS.RECEIPT]: 'tok-1' });
    const ahead = aheadOf(client);
    await ahead.call('checkCard', { flag: '2', iccid: ICCID });
    expect(seen).toHaveLength(1);
    // Another payload is its own call; the same one is taken once, then asked again.
    expect((await client.call('checkCard', { flag: '2', iccid: ICCID })).ok).toBe(true);
    expect(seen).toHaveLength(1);
    await client.call('checkCard', { flag: '3', iccid: ICCID });
    await client.call('checkCard', { flag: '2', iccid: ICCID });
    expect(seen).toHaveLength(3);
  });

  it("shows no message itself; the page's call shows it when it takes the failure (unless it is quiet too)", async () => {
    reply = envelope(10102);
    const { client, onError } = setup();
    await aheadOf(client).call('unlock', { iccid: ICCID });
    expect(onError).not.toHaveBeenCalled();
    await client.call('unlock', { iccid: ICCID });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(1);
    await aheadOf(client).call('unlock', { iccid: ICCID });
    await client.call('unlock', { iccid: ICCID }, { closeMessage: true });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('is not handed to another login, nor after AHEAD_KEPT_MS', async () => {
    reply = envelope(10000, null);
    const backing = memory({ [STORAGE_KEYS.RECEIPT]: 'tok-a' });
    const client = createApiClient({ baseUrl: `${origin}/eshop`, storage: createSafeStorage(backing) });
    await aheadOf(client).call('unlock', { iccid: ICCID });
    backing.map.set(STORAGE_KEYS.RECEIPT, 'tok-b');
    await client.call('unlock', { iccid: ICCID });
    expect(seen).toHaveLength(2);
    expect(seen[1]?.headers.authorization).toBe('Bearer tok-b');

    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000);
    await aheadOf(client).call('unlock', { iccid: ICCID });
    now.mockReturnValue(1_000 + AHEAD_KEPT_MS + 1);
    await client.call('unlock', { iccid: ICCID });
    now.mockRestore();
    expect(seen).toHaveLength(4);
  });
});
