// The one API client (ARCHITECTURE): POST JSON, bearer receipt, envelope, catalogue messages, session end.
// It never throws: every outcome is a value the caller switches on, so a screen cannot forget a failure path.
import { calls, type CallDefinition, type CallName, type CallRequest, type CallResponse, type Envelope } from './calls';
import { ERROR_CODES, isOk, isSessionEnd, messageKeyFor, severityFor } from './errors';
import { publish, type SessionEndEvent } from './bus';
import { createSafeStorage, SESSION_KEYS, STORAGE_KEYS, type SafeStorage } from './storage';
import { DEFAULT_FLAG } from './constants';
import { callKey, requestScope, takeInitialResult, type CallFetch } from './request-scope';

export type CallResult<N extends CallName> =
  | { ok: true; code: number; data: CallResponse<N> }
  | { ok: false; code: number; message: string; network?: true; aborted?: true };

export interface CallOptions {
  /** Do not show the error message (the caller handles it, e.g. /pay/search, /v1/user/set). */
  closeMessage?: boolean;
  /** On a session-end code, clear the login but stay on this page. */
  disableBack?: boolean;
  signal?: AbortSignal;
  /** Override the call's base: the card list screen calls getActivityList under /api. */
  base?: 'api' | 'root';
  /**
   * Asked ahead for the page (a route's prefetch, while the page's code still loads): shows no message, and the
   * answer is kept for the page's own same call (same name, payload, base and login), which takes it once within
   * AHEAD_KEPT_MS instead of asking the api again, and then shows its message as its own. A network failure is not
   * handed on: the page's call asks again.
   */
  ahead?: boolean;
}

/** How long an answer asked ahead waits for the page's call to take it. */
export const AHEAD_KEPT_MS = 10_000;

/** The device page of the last card (/2/{DEVICE_ITEM_ICCID}) or '/'; redirectTo null when disableBack is set. */
export type SessionEnd = SessionEndEvent;

export interface ApiClientOptions {
  /** Default '/eshop'; a partner page passes the shop's absolute URL. */
  baseUrl?: string;
  fetch?: CallFetch;
  storage?: SafeStorage;
  /** Default: publish 'session:end' on the bus (the shell navigates). */
  onSessionEnd?: (event: SessionEnd) => void;
  /** Default: publish a 'toast' on the bus with the message key. */
  onError?: (messageKey: string, code: number, severity: 'warning' | 'error') => void;
  logger?: Pick<Console, 'warn'>;
}

export interface ApiClient {
  call<N extends CallName>(name: N, payload: CallRequest<N>, options?: CallOptions): Promise<CallResult<N>>;
  /**
   * Shows the message of a failure that was asked for with closeMessage, once the caller knows it uses the answer:
   * the same message `call` would have shown, without asking the api again. A success, a network failure or an
   * abort shows nothing, as in `call`.
   */
  report<N extends CallName>(result: CallResult<N>): void;
}

/** `client` with every call asked ahead (CallOptions.ahead): the call wrappers run unchanged in a route's prefetch. */
export function aheadOf(client: ApiClient): ApiClient {
  return {
    call: (name, payload, options) => client.call(name, payload, { ...options, ahead: true }),
    report: (result) => client.report(result),
  };
}

/**
 * The HTTP request of a call: POST JSON to its path under `baseUrl` (and /api for the card list screen's calls), the
 * login receipt as a bearer token. The one place a call's request is made.
 */
export function callRequest(
  def: CallDefinition,
  payload: unknown,
  o: { baseUrl: string; base?: 'api' | 'root'; token: string | null },
): { url: string; init: { method: 'POST'; headers: Record<string, string>; body: string } } {
  const base = o.base ?? def.base ?? 'root';
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (o.token) headers.Authorization = `Bearer ${o.token}`;
  return {
    url: `${o.baseUrl}${base === 'api' ? '/api' : ''}${def.path}`,
    init: { method: 'POST', headers, body: JSON.stringify(payload ?? {}) },
  };
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const code = (value as { code?: unknown }).code;
  return typeof code === 'number' && Number.isFinite(code);
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '/eshop').replace(/\/+$/, '');
  const storage = options.storage ?? createSafeStorage();
  const logger = options.logger ?? console;
  const onError =
    options.onError ??
    ((messageKey: string, _code: number, severity: 'warning' | 'error') =>
      publish('toast', { kind: severity, messageKey }));
  const onSessionEnd = options.onSessionEnd ?? ((event: SessionEnd) => publish('session:end', event));

  // Answers asked ahead, by login and call, until the page's same call takes them (CallOptions.ahead).
  const kept = new Map<string, { at: number; answer: Promise<CallResult<CallName>> }>();
  const keptKey = (name: string, payload: unknown, callOptions: CallOptions) =>
    `${storage.get(STORAGE_KEYS.RECEIPT) ?? ''}|${callOptions.base ?? ''}|${callKey(name, payload)}`;

  const endSession = (disableBack: boolean) => {
    const iccid = storage.get(STORAGE_KEYS.DEVICE_ITEM_ICCID);
    for (const key of SESSION_KEYS) storage.remove(key);
    const redirectTo = disableBack ? null : iccid ? `/${DEFAULT_FLAG}/${encodeURIComponent(iccid)}` : '/';
    onSessionEnd({ disableBack, redirectTo });
  };

  // Not async itself: a call to the network takes as many steps (microtasks) as before server-side rendering, so
  // what a page does after an answer happens as soon as it did.
  function call<N extends CallName>(
    name: N,
    payload: CallRequest<N>,
    callOptions: CallOptions = {},
  ): Promise<CallResult<N>> {
    // A remote built later than the page's shared-contracts copy may name a call this copy does not know: answer it
    // as a failure the caller already handles, instead of a TypeError that drops the call without a word.
    const known = Object.prototype.hasOwnProperty.call(calls, name);
    const def: CallDefinition | undefined = known ? calls[name] : undefined;
    if (!def) {
      logger.warn(`[api] ${String(name)} is not a call this page's shared-contracts knows (a remote built later?)`);
      const failure = { ok: false as const, code: ERROR_CODES.SYSTEM_ERROR, message: '' };
      if (!callOptions.closeMessage) report(failure);
      return Promise.resolve(failure);
    }
    // Server-side rendering: the request's api base, receipt and recorder (request-scope.ts); in the browser, an
    // answer the server already rendered the page with is taken instead of the network (once).
    const scope = requestScope();
    if (scope) {
      const pending = send(def, name, payload, callOptions, scope.apiBase, scope.storage, scope.fetch).then(
        (result) => {
          if (result.ok || !result.network) scope.answers.set(callKey(name, payload), result as CallResult<CallName>);
          return result;
        },
      );
      scope.pending.add(pending);
      return pending.finally(() => scope.pending.delete(pending));
    }
    const key = keptKey(name, payload, callOptions);
    if (callOptions.ahead) {
      const seeded = takeInitialResult(name, payload);
      const answer = seeded
        ? Promise.resolve(seeded)
        : send(def, name, payload, { ...callOptions, closeMessage: true }, baseUrl, storage, options.fetch);
      const now = Date.now();
      for (const [old, entry] of kept) if (now - entry.at > AHEAD_KEPT_MS) kept.delete(old);
      kept.set(key, { at: now, answer: answer as Promise<CallResult<CallName>> });
      return answer;
    }
    const ahead = kept.get(key);
    kept.delete(key);
    if (ahead && Date.now() - ahead.at <= AHEAD_KEPT_MS) {
      return (ahead.answer as Promise<CallResult<N>>).then((result) => {
        if (!result.ok && result.network) return send(def, name, payload, callOptions, baseUrl, storage, options.fetch);
        if (!callOptions.closeMessage) report(result);
        return result;
      });
    }
    const seeded = takeInitialResult(name, payload);
    if (seeded) return Promise.resolve(seeded);
    return send(def, name, payload, callOptions, baseUrl, storage, options.fetch);
  }

  async function send<N extends CallName>(
    def: CallDefinition,
    name: N,
    payload: CallRequest<N>,
    callOptions: CallOptions,
    callBase: string,
    callStorage: SafeStorage,
    fetchOption: CallFetch | undefined,
  ): Promise<CallResult<N>> {
    const { url, init } = callRequest(def, payload, {
      baseUrl: callBase,
      base: callOptions.base,
      token: callStorage.get(STORAGE_KEYS.RECEIPT),
    });

    let body: unknown;
    try {
      const fetchImpl = fetchOption ?? globalThis.fetch;
      const response = await fetchImpl(url, { ...init, signal: callOptions.signal });
      // The api answers errors with an envelope too (any HTTP status); anything else is a transport failure.
      body = await response.json();
    } catch (error) {
      if (isAbort(error)) return { ok: false, code: -1, message: '', network: true, aborted: true };
      logger.warn(`[api] ${name} failed to reach ${url}`, error);
      return { ok: false, code: -1, message: '', network: true };
    }
    if (!isEnvelope(body)) {
      logger.warn(`[api] ${name}: answer from ${url} is not an envelope`);
      return { ok: false, code: -1, message: '', network: true };
    }

    const { code } = body;
    const message = typeof body.message === 'string' ? body.message : '';
    if (isOk(code)) return { ok: true, code, data: body.data as CallResponse<N> };

    const failure = { ok: false as const, code, message };
    // On the server nothing is shown or ended: the client reports it when it uses the answer.
    if (requestScope()) return failure;
    if (!callOptions.closeMessage) report(failure);
    if (isSessionEnd(code)) endSession(callOptions.disableBack ?? false);
    return failure;
  }

  function report<N extends CallName>(result: CallResult<N>): void {
    if (result.ok || result.network) return;
    onError(messageKeyFor(result.code, result.message), result.code, severityFor(result.code));
  }

  return { call, report };
}
