import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The api package folder; default data paths live under it whatever the working directory. */
export const API_ROOT = fileURLToPath(new URL('../', import.meta.url));

export const DEFAULT_MAIL_FROM = 'eSIM Shop <no-reply@esim-shop.localhost>';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
/** The NODE_ENV values that are not production (every other value is). */
const NOT_PRODUCTION = new Set(['development', 'test']);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

/**
 * Whether start-up loads the demo data into an empty database: SEED_DEMO=1 always (refused in production), SEED_DEMO=0
 * never; unset, everywhere but production. `pnpm start` shows the demo; a production start never creates the demo
 * accounts, whose passwords are public.
 */
export function seedDemoData(seedDemo: '0' | '1' | undefined, nodeEnv: string): boolean {
  if (seedDemo !== undefined) return seedDemo === '1';
  return nodeEnv !== 'production';
}

// ---- support chat ----
export const DEFAULT_SUPPORT_EMAIL = 'support@esim-shop.localhost';
const supportEnv = {
  // An external support chat (http or https only); unset: the built-in support chat, whose messages the api stores.
  SUPPORT_CHAT_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  // Where the api mails each new support message for the operators.
  SUPPORT_EMAIL: z.preprocess(emptyAsUndefined, z.email().default(DEFAULT_SUPPORT_EMAIL)),
};
const supportEnvSchema = z.object(supportEnv);
export type SupportConfig = z.infer<typeof supportEnvSchema>;

/**
 * The support settings alone, read where the calls are built (loadConfig has already stopped a bad value at
 * start-up); an invalid value here falls back to the defaults rather than breaking other calls.
 */
export function loadSupportConfig(env: NodeJS.ProcessEnv = process.env): SupportConfig {
  const parsed = supportEnvSchema.safeParse(env);
  return parsed.success ? parsed.data : { SUPPORT_CHAT_URL: undefined, SUPPORT_EMAIL: DEFAULT_SUPPORT_EMAIL };
}
// ---- end support chat ----

// ---- third-party login ----
const urlEnv = (fallback: string) => z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).default(fallback));
const thirdPartyEnv = {
  // Google (any OpenID Connect issuer with discovery): the app's client id and secret from its console.
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: urlEnv('https://accounts.google.com'),
  // Facebook Login: the app id and secret; the endpoints only change for a Graph API version or a test server.
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  FACEBOOK_AUTHORIZATION_URL: urlEnv('https://www.facebook.com/v23.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: urlEnv('https://graph.facebook.com/v23.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: urlEnv('https://graph.facebook.com/v23.0/me?fields=id,name,email'),
  // Our callback pages registered with the providers (comma-separated); default SHELL_ORIGIN/user/login/callback.
  OAUTH_REDIRECT_URLS: optionalString,
  // The local demo OpenID provider standing in for Google: '1' on, '0' off; unset, on outside production when
  // neither Google nor Facebook is configured. Never allowed in production (anyone signs in as anyone).
  OIDC_DEMO: z.preprocess(emptyAsUndefined, z.enum(['0', '1']).optional()),
  OIDC_DEMO_PORT: z.coerce.number().int().min(0).max(65535).default(8095),
};

/** The path of the login callback page (mf-account) on the shop's origin. */
export const LOGIN_CALLBACK_PATH = '/user/login/callback';

/**
 * The callback pages the providers may send the browser back to: OAUTH_REDIRECT_URLS, else SHELL_ORIGIN's; outside
 * production also the same page on the other loopback name (localhost vs 127.0.0.1), as developers open either.
 */
export function oauthRedirectUrls(config: Pick<ApiConfig, 'OAUTH_REDIRECT_URLS' | 'SHELL_ORIGIN' | 'NODE_ENV'>) {
  const configured = config.OAUTH_REDIRECT_URLS
    ? config.OAUTH_REDIRECT_URLS.split(',')
        .map((url) => url.trim())
        .filter(Boolean)
    : [new URL(LOGIN_CALLBACK_PATH, config.SHELL_ORIGIN).href];
  if (config.NODE_ENV === 'production') return configured;
  const twins = configured.flatMap((url) => {
    const parsed = new URL(url);
    const other = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' }[parsed.hostname];
    if (!other) return [];
    parsed.hostname = other;
    return [parsed.href];
  });
  return [...new Set([...configured, ...twins])];
}

/** Whether the demo provider runs (see OIDC_DEMO). */
export function oidcDemoEnabled(
  config: Pick<ApiConfig, 'OIDC_DEMO' | 'NODE_ENV' | 'GOOGLE_CLIENT_ID' | 'FACEBOOK_CLIENT_ID'>,
): boolean {
  if (config.OIDC_DEMO !== undefined) return config.OIDC_DEMO === '1';
  return config.NODE_ENV !== 'production' && !config.GOOGLE_CLIENT_ID && !config.FACEBOOK_CLIENT_ID;
}
// ---- end third-party login ----

// ---- payments ----
const optionalSecret = z.preprocess(emptyAsUndefined, z.string().min(16).optional());
const paymentsEnv = {
  // Who takes card payments unless an agent names its own (agents.payment_provider): 'sandbox' is our own hosted
  // test pay page (works offline, no money moves; refused in production), 'stripe' is Stripe Checkout (needs the
  // STRIPE_ keys).
  PAYMENT_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['sandbox', 'stripe']).default('sandbox')),
  // Signs the sandbox's webhook events (HMAC-SHA256). Unset: a random one per start. Refused in production, where
  // the sandbox never runs.
  SANDBOX_WEBHOOK_SECRET: optionalSecret,
  // Stripe Checkout: the secret API key (sk_...) and the webhook endpoint's signing secret (whsec_...).
  STRIPE_SECRET_KEY: optionalSecret,
  STRIPE_WEBHOOK_SECRET: optionalSecret,
  // Stripe's publishable key (pk_...): the checkout sheet loads Stripe.js with it for the device fingerprint; the
  // site hosts read it too, to let Stripe.js through their Content-Security-Policy.
  STRIPE_PUBLISHABLE_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^pk_[A-Za-z0-9_]+$/)
      .optional(),
  ),
  // PayPal Orders v2: REST app credentials, the webhook id verify-webhook-signature checks against, and which
  // PayPal environment ('sandbox' or 'live'; production needs 'live'). Without the id and secret, PayPal payments go
  // to the sandbox provider outside production, and PayPal is not offered in production.
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalSecret,
  PAYPAL_WEBHOOK_ID: optionalString,
  PAYPAL_ENVIRONMENT: z.preprocess(emptyAsUndefined, z.enum(['sandbox', 'live']).default('sandbox')),
  // PayPal signature checks the webhook asks PayPal for, per client IP and in all, per minute (over it: 429).
  PAYPAL_VERIFY_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(60),
  PAYPAL_VERIFY_LIMIT_TOTAL: z.coerce.number().int().min(1).max(1_000_000).default(600),
};
// ---- end payments ----

// ---- connectivity ----
const connectivityEnv = {
  // Who carries the data: 'simulator' (built in, offline: a network that uses data, activates, throttles and expires
  // packages and reports back over signed callbacks) or 'esimgo' (the eSIM Go API v2.5; needs ESIMGO_API_KEY).
  CONNECTIVITY_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['simulator', 'esimgo']).default('simulator')),
  // Signs the simulator's usage callbacks (HMAC-SHA256); unset: a random one per start.
  SIMULATOR_SECRET: optionalSecret,
  // How much faster than real time the simulated phones use data (60: an hour's use each minute).
  SIMULATOR_SPEED: z.coerce.number().positive().max(1_000_000).default(60),
  // How often the simulated network runs and reports, seconds (0: never on its own).
  SIMULATOR_TICK_SECONDS: z.coerce.number().min(0).max(3600).default(15),
  // Share (0..1) of the simulator's new eSIM profiles whose installation fails (install_fail with a reason).
  SIMULATOR_INSTALL_FAIL_SHARE: z.coerce.number().min(0).max(1).default(0.05),
  // Simulated seconds a phone takes from a profile's release to its installation (download included).
  SIMULATOR_INSTALL_SECONDS: z.coerce.number().min(1).max(86_400).default(90),
  // eSIM Go: the API key (Account Settings > API Details; it also signs the V3 callbacks) and the API's base URL.
  ESIMGO_API_KEY: optionalSecret,
  ESIMGO_API_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/ }).default('https://api.esim-go.com/v2.5'),
  ),
  // Tests and demos only: the simulated network and the package life run this many seconds ahead of the real clock
  // (the end-to-end suite sees a package expire without waiting a week). Refused in production.
  NETWORK_CLOCK_OFFSET_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(366 * 86_400)
    .default(0),
  // The least time between two asks of the provider about one card on Refresh, seconds.
  REFRESH_MIN_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
};
// ---- end connectivity ----

// ---- operations ----
const operationsEnv = {
  // Bearer token of GET /eshop/metrics (Prometheus); unset: open outside production, off in production.
  METRICS_TOKEN: optionalSecret,
  // Load shedding: answer 503 (catalogue 10007, Retry-After) while the event loop lags more than this, ms; 0: never.
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // On SIGTERM, readiness answers 503 this long before the listener closes (a load balancer's check interval), ms.
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
};
// ---- end operations ----

// ---- guessing ----
// Per-IP and per-account limits of the calls that take an ICCID or EID (an unbound card's only secret): every
// lookup counts, a miss (no such card or slot) also counts towards a much smaller allowance. 0 turns one off.
// api/README.md, Limits.
const limitEnv = (fallback: number) => z.coerce.number().int().min(0).max(1_000_000).default(fallback);
const windowEnv = (fallback: number) => z.coerce.number().int().min(1).max(86_400).default(fallback);
const guessingEnv = {
  LOOKUP_LIMIT_PER_IP: limitEnv(600),
  LOOKUP_LIMIT_PER_ACCOUNT: limitEnv(600),
  LOOKUP_WINDOW_SECONDS: windowEnv(60),
  LOOKUP_MISS_LIMIT_PER_IP: limitEnv(30),
  LOOKUP_MISS_LIMIT_PER_ACCOUNT: limitEnv(30),
  LOOKUP_MISS_WINDOW_SECONDS: windowEnv(15 * 60),
};

/** The guessing limits of a configuration, as buildApp takes them (plugins/guessing.ts). */
export function guessingLimitsFrom(config: Pick<ApiConfig, keyof typeof guessingEnv>) {
  return {
    perIp: config.LOOKUP_LIMIT_PER_IP,
    perAccount: config.LOOKUP_LIMIT_PER_ACCOUNT,
    windowMs: config.LOOKUP_WINDOW_SECONDS * 1000,
    missesPerIp: config.LOOKUP_MISS_LIMIT_PER_IP,
    missesPerAccount: config.LOOKUP_MISS_LIMIT_PER_ACCOUNT,
    missWindowMs: config.LOOKUP_MISS_WINDOW_SECONDS * 1000,
  };
}

// Trusted proxies (TRUSTED_PROXIES, in envSchema): who may tell us the client's address in X-Forwarded-For.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of TRUSTED_PROXIES: an IP address, a CIDR (address/prefix length), or loopback/linklocal/uniquelocal. */
export function isProxyRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUSTED_PROXIES as a list (Fastify's trustProxy and the site host take it as is). */
export function trustedProxyList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

const trustedProxiesEnv = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .default('loopback')
    .refine((value) => trustedProxyList(value).every(isProxyRange), {
      message: 'comma-separated IP addresses and CIDRs (or loopback, linklocal, uniquelocal); never "true" or "*"',
    }),
);
// ---- end guessing ----

const envSchema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  PGLITE_DIR: z.preprocess(emptyAsUndefined, z.string().default(path.join(API_ROOT, '.data', 'pglite'))),
  MAIL_OUTBOX: z.preprocess(emptyAsUndefined, z.string().default(path.join(API_ROOT, '.data', 'outbox'))),
  SMTP_URL: optionalString,
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default(DEFAULT_MAIL_FROM)),
  SHELL_ORIGIN: z.preprocess(emptyAsUndefined, z.url().default('http://localhost:8080')),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 30),
  // Who may tell us the client's address (X-Forwarded-For) for the rate limits: the site hosts and load balancers
  // in front of us, comma-separated IPs and CIDRs; default loopback (the site host on this machine). Behind a load
  // balancer, name its addresses: else every visitor counts as the balancer's one IP.
  TRUSTED_PROXIES: trustedProxiesEnv,
  // Renamed TRUSTED_PROXIES (which takes no "true"): a start that still sets it stops, rather than trust no one.
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z.undefined({ error: 'renamed TRUSTED_PROXIES: comma-separated IP addresses and CIDRs of the proxies' }),
  ),
  // Comma-separated browser origins allowed to call the api, or * for any (bearer tokens only, no cookies).
  CORS_ORIGINS: z.preprocess(emptyAsUndefined, z.string().default('*')),
  // 'production' unless development or test: a start that names no environment, or names it its own way ('prod',
  // 'staging', a typo), is a production start and is checked as one (loadConfig). `pnpm start` and `pnpm dev` name
  // development; tests name test.
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('production')
      .transform((value) => (NOT_PRODUCTION.has(value.trim()) ? value.trim() : 'production')),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Demo data in an empty database at start-up: '1' always, '0' never, unset outside production only (seedDemo).
  SEED_DEMO: z.preprocess(emptyAsUndefined, z.enum(['0', '1']).optional()),
  // Account calls per client IP per minute, and per e-mail address per 15 minutes (brute force, mail bombing).
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  ADDRESS_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  ...supportEnv,
  ...thirdPartyEnv,
  ...paymentsEnv,
  ...connectivityEnv,
  ...operationsEnv,
  ...guessingEnv,
});

export type ApiConfig = z.infer<typeof envSchema> & {
  /** Start-up loads the demo data into an empty database (see seedDemoData). */
  seedDemo: boolean;
};

/**
 * What a production start (NODE_ENV unset, or anything but development or test) refuses: anything that would give packages away (the
 * sandbox pay page, a provider's test mode, no real network), the demo's public accounts and sign-in, and a missing
 * part without which customers lose what they paid for (their mail, their data). One line per problem.
 */
export function productionProblems(data: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  const refuse = (name: string, why: string) => problems.push(`  ${name}: ${why}`);
  if (data.PAYMENT_PROVIDER === 'sandbox') {
    refuse(
      'PAYMENT_PROVIDER',
      'the sandbox marks orders paid without any money moving; set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY ' +
        'and STRIPE_WEBHOOK_SECRET',
    );
  }
  if (data.SANDBOX_WEBHOOK_SECRET) refuse('SANDBOX_WEBHOOK_SECRET', 'it turns the sandbox pay page on; unset it');
  if (data.STRIPE_SECRET_KEY && /^(sk|rk)_test_/.test(data.STRIPE_SECRET_KEY)) {
    refuse('STRIPE_SECRET_KEY', "a test-mode key: Stripe's test cards would pay for real packages");
  }
  if (data.STRIPE_PUBLISHABLE_KEY?.startsWith('pk_test_')) refuse('STRIPE_PUBLISHABLE_KEY', 'a test-mode key');
  const paypal = [data.PAYPAL_CLIENT_ID, data.PAYPAL_CLIENT_SECRET, data.PAYPAL_WEBHOOK_ID];
  if (paypal.some(Boolean) && !paypal.every(Boolean)) {
    refuse('PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID go together');
  }
  if (paypal.every(Boolean) && data.PAYPAL_ENVIRONMENT !== 'live') {
    refuse('PAYPAL_ENVIRONMENT', "PayPal's sandbox would pay for real packages; set PAYPAL_ENVIRONMENT=live");
  }
  if (data.SEED_DEMO === '1') refuse('SEED_DEMO', 'the demo accounts have public passwords; unset it');
  if (data.OIDC_DEMO === '1') refuse('OIDC_DEMO', 'the demo sign-in provider lets anyone sign in as anyone');
  if (data.CONNECTIVITY_PROVIDER === 'simulator') {
    refuse(
      'CONNECTIVITY_PROVIDER',
      'the simulator is no network: nothing would carry the packages sold; set CONNECTIVITY_PROVIDER=esimgo with ' +
        'ESIMGO_API_KEY',
    );
  }
  if (data.NETWORK_CLOCK_OFFSET_SECONDS > 0) refuse('NETWORK_CLOCK_OFFSET_SECONDS', 'for tests only; unset it');
  if (!data.DATABASE_URL) {
    refuse('DATABASE_URL', 'production keeps its data in PostgreSQL (the embedded database is for the demo)');
  }
  if (!data.SMTP_URL) {
    refuse('SMTP_URL', 'sign-in codes, receipts and alerts would only be written to a folder on this machine');
  }
  if (!data.SHELL_ORIGIN.startsWith('https://')) {
    refuse('SHELL_ORIGIN', "the shop's public https:// address (links in mails and payment return pages)");
  }
  if (Boolean(data.GOOGLE_CLIENT_ID) !== Boolean(data.GOOGLE_CLIENT_SECRET)) {
    refuse('GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together');
  }
  return problems;
}

/** Reads and validates the environment once at start-up; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`invalid api configuration:\n${problems}`);
  }
  const data = parsed.data;
  if (data.NODE_ENV === 'production') {
    const problems = productionProblems(data);
    if (problems.length > 0) {
      throw new Error(
        `refusing a production start (NODE_ENV unset, or anything but development or test):\n${problems.join('\n')}\n` +
          'The demo runs with `pnpm start` (NODE_ENV=development); api/README.md lists what production needs.',
      );
    }
  }
  if (Boolean(data.FACEBOOK_CLIENT_ID) !== Boolean(data.FACEBOOK_CLIENT_SECRET)) {
    throw new Error('invalid api configuration:\n  FACEBOOK_CLIENT_ID and FACEBOOK_CLIENT_SECRET go together');
  }
  if (data.CONNECTIVITY_PROVIDER === 'esimgo' && !data.ESIMGO_API_KEY) {
    throw new Error('invalid api configuration:\n  CONNECTIVITY_PROVIDER=esimgo needs ESIMGO_API_KEY');
  }
  return { ...data, seedDemo: seedDemoData(data.SEED_DEMO, data.NODE_ENV) };
}
