// Server-side rendering (issue 27): what a page request owns on the server, and the answers the server already has
// on the client.
//
// On the server one process renders many visitors' pages at once, and the modules of shared-contracts and the
// remotes are loaded once for all of them: module-level singletons (the page's storage, an api client with a
// relative base) would leak one visitor's login or language into another's page. The shell's server bundle
// registers a scope provider (backed by AsyncLocalStorage, shell/src/server/render.tsx); while a page renders,
// getStorage() answers the request's storage (filled from its cookies) and every api client calls the api over
// loopback with the request's receipt, recording each answer.
//
// On the client, the page carries those answers once (<script type="application/json" id="ssr-data">): the api client
// takes a seeded answer instead of asking the network again (once per call), and a component's first render can read
// one synchronously (peekInitialResult), so the hydrating render equals the server's.
import type { CallName } from './calls';
import type { CallResult } from './client';
import type { SafeStorage } from './storage';

/**
 * The login receipt's cookie, set and cleared by the api at login and logout (HttpOnly: never written or read by the
 * page's scripts). Only the site host's server rendering reads it, and sends it to the api as the bearer of the page's
 * calls; the api never takes it as a login (api/src/modules/users/receipt-cookie.ts, same name).
 */
export const RECEIPT_COOKIE = 'esim_receipt';

/**
 * What the page's seed says about the login it was rendered for: the receipt's SHA-256 (hex), never the receipt;
 * null without one. The client compares its stored receipt's digest: another login (or none) renders on its own.
 * Rejects where Web Crypto is missing (a page over plain http on another host than localhost).
 */
export async function receiptDigest(receipt: string | null): Promise<string | null> {
  if (!receipt) return null;
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('no Web Crypto here');
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(receipt));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What the api client needs of fetch: an address and a POST's init in, the answer's JSON out (fetch is one). */
export type CallFetch = (url: string, init: RequestInit) => Promise<{ json(): Promise<unknown> }>;

/** One page request on the server. */
export interface RequestScope {
  /** The request's storage: the cookies the client mirrors (language, currency), never the server's. */
  storage: SafeStorage;
  /** Absolute base of the api calls, e.g. http://127.0.0.1:3000/eshop (loopback). */
  apiBase: string;
  /** fetch for the api calls (default: globalThis.fetch). */
  fetch?: CallFetch;
  /** Every call's answer, by callKey: handed to the client in the page. */
  answers: Map<string, CallResult<CallName>>;
  /** Calls still on their way (render waits for them before it renders). */
  pending: Set<Promise<unknown>>;
  /** Where the page moves instead (redirectOnServer): the host answers a redirect with the request's query. */
  redirect?: string;
  /** The texts the page's formatters wrote (formatted.ts), handed to the client with the answers. */
  formatted?: Map<string, string>;
  /** The reader's time zone from the page's cookie (time-zone.ts), when it has one. */
  timeZone?: string | null;
  /**
   * Another remote's widget for this page, from that remote's server build (the shell's server bundle loads it
   * through its federation runtime, pinned like the route's code); rejects when the remote has none or fails.
   */
  loadWidget?: (id: string) => Promise<unknown>;
  /** The widgets loaded for this page (by id): the render draws these, and stand-ins for the others. */
  readyWidgets?: Map<string, unknown>;
  /** The widgets the page was rendered with: the client's hydrating render draws them too (serverWidgets). */
  widgets?: Set<string>;
}

/** The client: the widgets the page's HTML holds (the rest are stand-ins until hydrated). */
let serverWidgets: ReadonlySet<string> = new Set();

/** The client, at start: which widgets the server drew (the page's seed); none by default. */
export function seedServerWidgets(ids: readonly string[] | null | undefined): void {
  serverWidgets = new Set(Array.isArray(ids) ? ids : []);
}

/** Whether the page's HTML holds this widget (drawn on the server), so the hydrating render draws it too. */
export function serverDrewWidget(id: string): boolean {
  return serverWidgets.has(id);
}

let scopeOf: (() => RequestScope | undefined) | null = null;

/** The shell's server bundle: where the current request's scope comes from (AsyncLocalStorage). */
export function setRequestScopeProvider(provider: (() => RequestScope | undefined) | null): void {
  scopeOf = provider;
}

/** The current page request's scope on the server; undefined in the browser (and outside a render). */
export function requestScope(): RequestScope | undefined {
  return scopeOf?.();
}

/**
 * On the server: the page's address is `pathname` instead (the page would move there itself in the browser, e.g. a
 * card on another flag); the host answers a redirect there, keeping the query. Nothing in the browser.
 */
export function redirectOnServer(pathname: string): void {
  const scope = requestScope();
  if (scope) scope.redirect ??= pathname;
}

/** True while rendering on the server. */
export function isServerRender(): boolean {
  return requestScope() !== undefined;
}

/**
 * A call's identity: its name and payload (keys sorted), as the server recorded it and the client looks it up. The
 * login a payload carries (`auth_token`: the receipt) is not part of it: the page's answers are keyed by it in its
 * HTML, which never holds a receipt, and a page rendered for another login is not hydrated from (the shell's start
 * compares the logins). The api client's own sharing of answers keys by the receipt as well (client.ts).
 */
export function callKey(name: string, payload: unknown): string {
  if (payload && typeof payload === 'object' && !Array.isArray(payload) && 'auth_token' in payload) {
    const { auth_token: _login, ...rest } = payload as Record<string, unknown>;
    return `${name}|${stableJson(rest)}`;
  }
  return `${name}|${stableJson(payload ?? {})}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The client's seeded answers (from the page), each taken once by the api client. */
let seeded: Map<string, CallResult<CallName>> | null = null;
/** Answers a render may still read synchronously after the client took them (the hydrating render and its effects). */
let readable: Map<string, CallResult<CallName>> | null = null;

/** Whether the seeded answers still belong to the page's login (the start-up's check; always, by default). */
let seedValid: () => boolean = () => true;

/**
 * The client: the answers the server rendered the page with. `sameLogin`: whether the device's login is still the
 * one the page was rendered for; once it is not (a login or logout in the page), the seed is not read any more:
 * a call's key leaves the login out (callKey), so a visitor's answer would otherwise answer the account's same call.
 */
export function seedInitialResults(
  answers: Record<string, CallResult<CallName>>,
  sameLogin: () => boolean = () => true,
): void {
  seeded = new Map(Object.entries(answers));
  readable = new Map(seeded);
  seedValid = sameLogin;
}

/** The seeded answers while they are the page's login's; null after a login change (and dropped then). */
function seedsOfThisLogin(): {
  seeded: Map<string, CallResult<CallName>>;
  readable: Map<string, CallResult<CallName>>;
} | null {
  if (!seeded || !readable) return null;
  if (seedValid()) return { seeded, readable };
  forgetInitialResults();
  return null;
}

/** Ends the hydration window: later renders ask the network as before. */
export function forgetInitialResults(): void {
  seeded = null;
  readable = null;
  seedValid = () => true;
}

/**
 * A call's answer the page already has, synchronously: on the server once it came (render runs after the route's
 * calls settled), on the client when the page carried it. Never asks the network.
 */
export function peekInitialResult<N extends CallName>(name: N, payload: unknown): CallResult<N> | null {
  const key = callKey(name, payload);
  const scope = requestScope();
  const found = scope ? scope.answers.get(key) : seedsOfThisLogin()?.readable.get(key);
  return (found as CallResult<N> | undefined) ?? null;
}

/** The api client, on the client: a seeded answer in place of the network, once. */
export function takeInitialResult<N extends CallName>(name: N, payload: unknown): CallResult<N> | null {
  const seeds = seedsOfThisLogin();
  if (!seeds) return null;
  const key = callKey(name, payload);
  const found = seeds.seeded.get(key);
  if (!found) return null;
  seeds.seeded.delete(key);
  return found as CallResult<N>;
}
