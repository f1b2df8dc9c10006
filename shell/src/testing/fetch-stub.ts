// The network boundary of unit tests: a fake `fetch` answering api calls with envelopes (and any other URL with
// what a test gives), recording every request. Our own modules run for real on top of it.

export interface StubResponse {
  status?: number;
  body: unknown;
}

export type StubHandler = (request: {
  url: string;
  body: unknown;
  init?: RequestInit;
}) => StubResponse | Promise<StubResponse>;

export interface FetchStub {
  calls: Array<{ url: string; body: unknown; headers: Record<string, string> }>;
  /** Requests whose URL ends with `suffix`. */
  callsTo(suffix: string): Array<{ url: string; body: unknown; headers: Record<string, string> }>;
  restore(): void;
}

/** A successful api answer. */
export function envelope<T>(data: T, code = 10000, message = 'ok'): StubResponse {
  return { body: { code, message, data } };
}

function responseOf({ status = 200, body }: StubResponse) {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: () => 'application/json' },
    json: async () => body,
    text: async () => JSON.stringify(body),
  };
}

/**
 * Replaces globalThis.fetch. Handlers are matched by URL suffix (path without origin, e.g. '/eshop/get/config'),
 * the longest first; unmatched requests get a 404 with the catalogue's system error.
 */
export function stubFetch(handlers: Record<string, StubHandler | StubResponse>): FetchStub {
  const original = globalThis.fetch;
  const calls: FetchStub['calls'] = [];
  const entries = Object.entries(handlers).sort((a, b) => b[0].length - a[0].length);
  const fake = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    let body: unknown = undefined;
    if (typeof init?.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const headers = Object.fromEntries(Object.entries((init?.headers as Record<string, string>) ?? {}));
    calls.push({ url, body, headers });
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? url;
    const match = entries.find(([suffix]) => path.endsWith(suffix) || url === suffix);
    if (!match) return responseOf({ status: 404, body: { code: 10003, message: 'not stubbed', data: null } });
    const handler = match[1];
    const answer = typeof handler === 'function' ? await handler({ url, body, init }) : handler;
    return responseOf(answer);
  };
  globalThis.fetch = fake as unknown as typeof fetch;
  return {
    calls,
    callsTo: (suffix) => calls.filter((call) => call.url.split('?')[0]!.endsWith(suffix)),
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

/** Config the api would answer (lists used by the language/currency logic). */
export const DEMO_CONFIG = {
  lang_list: ['en', 'de', 'ar', 'he', 'ja', 'fr'],
  ccy_list: ['USD', 'EUR', 'JPY'],
  login_url: '/user/login',
  android_download: '',
  ios_download: '',
  production: false,
  facebook: '',
  google: '',
};
