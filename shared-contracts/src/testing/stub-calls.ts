// Test helper (jest only): the network boundary of front-end tests. Replaces globalThis.fetch and answers the calls
// of the call map by NAME. Success payloads go through the call's response schema, as the api's serializer would, so
// a stub cannot drift from the contract; a call nobody stubbed fails the test instead of getting some answer.
import type { z } from 'zod';
import { calls, type CallName, type CallRequest } from '../calls';
import { callSchemas } from '../schemas/calls';

/** What a stub may give as a call's `data`: the response schema's input (lists with defaults may be left out). */
export type CallStubData<N extends CallName> = z.input<(typeof callSchemas)[N]['response']>;

declare const envelopeBrand: unique symbol;
/** A whole envelope, passed through as is (error codes). Made by callError. */
export interface CallEnvelope {
  readonly [envelopeBrand]: true;
  readonly code: number;
  readonly message: string;
  readonly data: null;
}

/** An answer to one call: its data (wrapped as `{code: 10000, message: '', data}`) or an envelope from callError. */
export type CallAnswer<N extends CallName> = CallStubData<N> | CallEnvelope;

/**
 * A call's stub: a fixed answer, or a function of the request body (sync or async). A function that throws makes
 * fetch reject, as a network failure does.
 */
export type CallStub<N extends CallName> =
  CallAnswer<N> | ((request: CallRequest<N>) => CallAnswer<N> | Promise<CallAnswer<N>>);

export type CallStubs = { [N in CallName]?: CallStub<N> };

declare const httpBrand: unique symbol;
/** An HTTP answer with a status other than 200 (for `extra` URLs). Made by httpAnswer. */
export interface HttpAnswer {
  readonly [httpBrand]: true;
  readonly status: number;
  readonly body: unknown;
}

export interface FetchRequest {
  /** The URL as fetched. */
  url: string;
  /** Its path, without origin and query. */
  path: string;
  /** The JSON-parsed body (the raw string when it is not JSON; undefined without a body). */
  body: unknown;
  headers: Record<string, string>;
}

/** A stub of a URL that is not a call (`/remotes.json`, a federation manifest): its JSON body or an HttpAnswer. */
export type ExtraStub = unknown | ((request: FetchRequest) => unknown);

export interface StubCallsOptions {
  /** Non-call URLs by path (or full URL), e.g. `{ '/remotes.json': { mf_card: '...' } }`. */
  extra?: Record<string, ExtraStub>;
}

export interface RecordedCall<N extends CallName = CallName> extends FetchRequest {
  name: N;
  body: CallRequest<N>;
}

export interface CallsHandle {
  /** Every call made, in order. */
  readonly calls: RecordedCall[];
  /** Every fetch made (calls and `extra` URLs), in order. */
  readonly requests: FetchRequest[];
  /** The calls to one call name. */
  callsTo<N extends CallName>(name: N): Array<RecordedCall<N>>;
  /** The fetches of one path (e.g. '/remotes.json'). */
  requestsTo(path: string): FetchRequest[];
  /** Adds or replaces stubs (e.g. the next refresh answers an error). */
  stub(stubs: CallStubs): void;
  /** Puts the previous fetch back (also done after every test by jest.setup.web.ts). */
  restore(): void;
}

const SUCCESS_CODE = 10000;
const ENVELOPE = Symbol.for('shared-contracts/testing:envelope');
const HTTP = Symbol.for('shared-contracts/testing:http');

/** An error envelope for a call stub, e.g. `unlock: callError(10005)`. */
export function callError(code: number, message = ''): CallEnvelope {
  return { [ENVELOPE]: true, code, message, data: null } as unknown as CallEnvelope;
}

/** A non-200 answer for an `extra` URL, e.g. `'/mf-manifest.json': httpAnswer(503, { message: 'down' })`. */
export function httpAnswer(status: number, body: unknown = null): HttpAnswer {
  return { [HTTP]: true, status, body } as unknown as HttpAnswer;
}

const isBranded = (value: unknown, brand: symbol): boolean =>
  typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;

// '/eshop/get/card' and '/eshop/api/get/card' both name getCard: the api serves every call under both prefixes.
const namesByPath = new Map<string, CallName>(
  (Object.keys(calls) as CallName[]).map((name) => [calls[name].path, name]),
);
const CALL_URL = /\/eshop(?:\/api)?(\/.+)$/;

function callNameOf(path: string): CallName | null {
  const match = CALL_URL.exec(path);
  return (match && namesByPath.get(match[1]!)) ?? null;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `  - ${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('\n');
}

/** The stub's answer as the api would put it on the wire. */
function envelopeOf(name: CallName, answer: unknown): { code: number; message: string; data: unknown } {
  if (isBranded(answer, ENVELOPE)) {
    const { code, message, data } = answer as CallEnvelope;
    return { code, message, data };
  }
  const parsed = callSchemas[name].response.safeParse(answer);
  if (!parsed.success) {
    throw new Error(
      `stubCalls: the stub of ${name} does not match its response schema (shared-contracts/src/schemas/calls.ts):\n` +
        describeIssues(parsed.error),
    );
  }
  // Through JSON, as over the network (undefined fields disappear, dates become strings).
  return { code: SUCCESS_CODE, message: '', data: JSON.parse(JSON.stringify(parsed.data ?? null)) as unknown };
}

function responseOf(status: number, body: unknown): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const response = {
    ok: status >= 200 && status < 300,
    status,
    statusText: String(status),
    url: '',
    redirected: false,
    type: 'basic',
    headers: {
      get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null),
      has: (name: string) => name.toLowerCase() === 'content-type',
    },
    json: async () => JSON.parse(text) as unknown,
    text: async () => text,
    clone: () => responseOf(status, body),
  };
  return response as unknown as Response;
}

function requestOf(input: RequestInfo | URL, init?: RequestInit): FetchRequest {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  let body: unknown = undefined;
  if (typeof init?.body === 'string') {
    try {
      body = JSON.parse(init.body) as unknown;
    } catch {
      body = init.body;
    }
  }
  const headers: Record<string, string> = {};
  const given = init?.headers;
  if (given && typeof (given as Headers).forEach === 'function' && !Array.isArray(given)) {
    (given as Headers).forEach((value, key) => (headers[key] = value));
  } else if (Array.isArray(given)) {
    for (const [key, value] of given) if (key !== undefined && value !== undefined) headers[key] = value;
  } else if (given) {
    Object.assign(headers, given);
  }
  return { url, path, body, headers };
}

let active: { handle: CallsHandle; original: typeof fetch } | null = null;
/** Unstubbed calls, unknown URLs and schema mismatches since the last takeCallProblems: failures a test must see. */
let problems: string[] = [];

/**
 * Replaces globalThis.fetch with answers by call name:
 *
 *   stubCalls({ getCard: card, getPkg: (request) => packagesFor(request.iccid), unlock: callError(10005) })
 *
 * An unstubbed call or URL rejects with an error that names it (the client then reports a network failure), and
 * the test fails after it ends (takeCallProblems in jest.setup.web.ts). A second stubCalls replaces the first.
 */
export function stubCalls(stubs: CallStubs = {}, options: StubCallsOptions = {}): CallsHandle {
  const original = active ? active.original : globalThis.fetch;
  if (active) active.handle.restore();

  const current: CallStubs = { ...stubs };
  const extra = options.extra ?? {};
  const recordedCalls: RecordedCall[] = [];
  const requests: FetchRequest[] = [];

  const fail = (message: string): never => {
    problems.push(message);
    throw new TypeError(message);
  };

  // Synchronous where the stub is: the fake answers in as few microtasks as a plain async fetch would, so tests
  // that flush one act() see the answer as before.
  const answerCall = (name: CallName, request: FetchRequest): Response | Promise<Response> => {
    const stub = current[name] as CallStub<CallName> | undefined;
    if (stub === undefined) {
      fail(`stubCalls: unstubbed call ${name} (POST ${request.path}). Stub it by name: stubCalls({ ${name}: ... }).`);
    }
    // The api validates every request with the same schema (strict: unknown fields are refused with 10002).
    const checked = callSchemas[name].request.safeParse(request.body ?? {});
    if (!checked.success) {
      fail(
        `stubCalls: the request of ${name} does not match its request schema; the api would refuse it:\n` +
          describeIssues(checked.error),
      );
    }
    const respond = (answer: unknown): Response => {
      let envelope: ReturnType<typeof envelopeOf>;
      try {
        envelope = envelopeOf(name, answer);
      } catch (error) {
        return fail((error as Error).message);
      }
      return responseOf(200, envelope);
    };
    if (typeof stub !== 'function') return respond(stub);
    const answer: unknown = (stub as (body: unknown) => unknown)(request.body);
    return answer instanceof Promise ? answer.then(respond) : respond(answer);
  };

  const answerExtra = (request: FetchRequest): Response | Promise<Response> => {
    const key = request.url in extra ? request.url : request.path in extra ? request.path : null;
    if (key === null) {
      const keys = Object.keys(extra);
      fail(
        `stubCalls: fetch of ${request.url} is not a call of shared-contracts/calls and not in \`extra\`` +
          (keys.length ? ` (extra has ${keys.join(', ')})` : '') +
          `. Stub it with stubCalls({...}, { extra: { '${request.path}': ... } }).`,
      );
    }
    const stub = extra[key!];
    const respond = (answer: unknown): Response =>
      isBranded(answer, HTTP)
        ? responseOf((answer as HttpAnswer).status, (answer as HttpAnswer).body)
        : responseOf(200, answer);
    if (typeof stub !== 'function') return respond(stub);
    const answer: unknown = (stub as (r: FetchRequest) => unknown)(request);
    return answer instanceof Promise ? answer.then(respond) : respond(answer);
  };

  const fake = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    try {
      const request = requestOf(input, init);
      requests.push(request);
      const name = callNameOf(request.path);
      if (!name) return Promise.resolve(answerExtra(request));
      recordedCalls.push({ ...request, name, body: request.body as CallRequest<CallName> });
      return Promise.resolve(answerCall(name, request));
    } catch (error) {
      return Promise.reject(error);
    }
  };

  const handle: CallsHandle = {
    calls: recordedCalls,
    requests,
    callsTo: <N extends CallName>(name: N) =>
      recordedCalls.filter((call): call is RecordedCall<N> => call.name === name),
    requestsTo: (path) => requests.filter((request) => request.path === path || request.url === path),
    stub(more) {
      Object.assign(current, more);
    },
    restore() {
      if (active?.handle !== handle) return;
      globalThis.fetch = original;
      active = null;
    },
  };
  globalThis.fetch = fake as typeof fetch;
  active = { handle, original };
  return handle;
}

/**
 * Restores fetch and returns (and forgets) what went wrong since the last call: unstubbed calls, unknown URLs,
 * stubs that do not match their schema. jest.setup.web.ts runs it after every test and fails the test on any.
 */
export function takeCallProblems(): string[] {
  active?.handle.restore();
  const taken = problems;
  problems = [];
  return taken;
}
