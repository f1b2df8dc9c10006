import { PREFETCHED_MAX_AGE_MS } from './prefetched';

/**
 * Early calls: mf_card's early script (src/early-calls.ts, built standalone as dist/early-calls.<hash>.js and named
 * in mf-manifest.json) runs from the site host's page before the page's code has downloaded, and sends the route's
 * first api requests. It leaves each request's response here; the page's api client takes a response in place of
 * sending the same request again (same address, body and login), once, within PREFETCHED_MAX_AGE_MS. A request the
 * page does not repeat is never used; an early request the network failed is sent again.
 */
const EARLY_GLOBAL = '__mfCardEarlyCalls';

// This module is the page's side (mf_card's federated code): it uses nothing from shared-contracts, so it runs on any
// shell's copy. The script's side, which builds requests with shared-contracts' callRequest, is early-client.ts: the
// early script bundles its own copy of shared-contracts.

interface EarlyRequest {
  key: string;
  at: number;
  response: Promise<Response>;
}

export interface EarlyState {
  /** The page's api client is up: the early script asks nothing more. */
  started: boolean;
  requests: EarlyRequest[];
}

export type Scope = Record<string, unknown>;

/** The early requests left on the page (`scope`: the window), made on first use. */
export function stateOf(scope: Scope): EarlyState {
  const existing = scope[EARLY_GLOBAL] as EarlyState | undefined;
  if (existing) return existing;
  const state: EarlyState = { started: false, requests: [] };
  scope[EARLY_GLOBAL] = state;
  return state;
}

/** JSON with its object keys sorted, so two bodies with the same content compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A request's identity: method, address, body (canonical JSON) and login; null for what is never asked early. */
export function requestKey(url: string, init: RequestInit | undefined): string | null {
  if (!init || (init.method ?? 'GET').toUpperCase() !== 'POST' || typeof init.body !== 'string') return null;
  let body: unknown;
  try {
    body = JSON.parse(init.body);
  } catch {
    return null;
  }
  const headers = new Headers(init.headers);
  return `${url}\n${canonical(body)}\n${headers.get('Authorization') ?? ''}`;
}

/**
 * The page's fetch for its api client: a request the early script already sent is answered with that response
 * (once, within PREFETCHED_MAX_AGE_MS; sent again when it failed); anything else goes to the network. Creating it
 * tells the early script that the page is up.
 */
export function fetchWithEarly(o: { scope?: Scope; now?: () => number } = {}): typeof fetch {
  const scope = o.scope ?? (globalThis as unknown as Scope);
  const state = stateOf(scope);
  const now = o.now ?? Date.now;
  state.started = true;
  const network = (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init);
  return (input, init) => {
    if (typeof input !== 'string' || init?.signal) return network(input, init);
    const key = requestKey(input, init);
    state.requests = state.requests.filter((request) => now() - request.at <= PREFETCHED_MAX_AGE_MS);
    const index = key ? state.requests.findIndex((request) => request.key === key) : -1;
    if (index < 0) return network(input, init);
    const [taken] = state.requests.splice(index, 1);
    return taken!.response.catch(() => network(input, init));
  };
}
