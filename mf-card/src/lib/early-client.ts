import {
  callRequest,
  calls,
  getStorage,
  isOk,
  STORAGE_KEYS,
  type ApiClient,
  type CallName,
  type CallOptions,
  type CallResult,
} from 'shared-contracts';
import { requestKey, stateOf, type Scope } from './early-calls';

// The early script's side of early calls (lib/early-calls.ts): only the standalone early script imports this, with
// its own copy of shared-contracts (callRequest is newer than some shells' copy).

/**
 * The early script's api client: each call sends its request at once (the same request the page's client makes,
 * through shared-contracts' callRequest) and leaves the response for the page; it answers the call from a copy of
 * the response, so a route's early calls may depend on an earlier answer. Silent: no messages, no session end (the
 * page's own client reports what it uses). Asks nothing once the page's client is up.
 */
export function earlyClient(
  o: { baseUrl?: string; scope?: Scope; fetch?: typeof fetch; now?: () => number } = {},
): ApiClient {
  const scope = o.scope ?? (globalThis as unknown as Scope);
  const state = stateOf(scope);
  const send = o.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
  const now = o.now ?? Date.now;
  const failure = { ok: false as const, code: -1, message: '', network: true as const };
  async function call<N extends CallName>(name: N, payload: unknown, options?: CallOptions): Promise<CallResult<N>> {
    if (state.started) return failure;
    const { url, init } = callRequest(calls[name], payload, {
      baseUrl: o.baseUrl ?? '/eshop',
      base: options?.base,
      token: getStorage().get(STORAGE_KEYS.RECEIPT),
    });
    const key = requestKey(url, init);
    const response = send(url, init);
    if (key) state.requests.push({ key, at: now(), response });
    try {
      const body = (await (await response).clone().json()) as { code?: unknown; data?: unknown; message?: unknown };
      if (typeof body.code !== 'number') return failure;
      if (isOk(body.code)) return { ok: true, code: body.code, data: body.data } as CallResult<N>;
      return { ok: false, code: body.code, message: typeof body.message === 'string' ? body.message : '' };
    } catch {
      return failure;
    }
  }
  return { call: call as ApiClient['call'], report: () => undefined };
}
