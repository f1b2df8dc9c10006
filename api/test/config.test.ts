import { loadConfig, oauthRedirectUrls, oidcDemoEnabled, seedDemoData } from '../src/config';
import { thirdPartySettingsFrom } from '../src/modules/users/thirdparty';
import { PRODUCTION } from './helpers/production';
import { paymentsOptionsFrom } from '../src/modules/payments/settings';

/** A development start (what `pnpm start` and `pnpm dev` set). */
const dev = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'development', ...env });

describe('a production start', () => {
  it('is what a start that names no environment gets, and refuses the demo setup with every reason at once', () => {
    let message = '';
    try {
      loadConfig({});
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^refusing a production start \(NODE_ENV unset, or anything but development or test\):/);
    for (const name of ['PAYMENT_PROVIDER', 'CONNECTIVITY_PROVIDER', 'DATABASE_URL', 'SMTP_URL', 'SHELL_ORIGIN']) {
      expect(message).toContain(`  ${name}: `);
    }
    expect(message).toContain('pnpm start');
  });

  it('starts with real providers, PostgreSQL, SMTP and an https origin', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({ NODE_ENV: 'production', seedDemo: false });
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: '' }).NODE_ENV).toBe('production');
  });

  it('takes any NODE_ENV but development and test for production, and checks it as one', () => {
    for (const NODE_ENV of ['prod', 'Production', 'staging', 'live ']) {
      expect(loadConfig({ ...PRODUCTION, NODE_ENV })).toMatchObject({ NODE_ENV: 'production', seedDemo: false });
      expect(() => loadConfig({ NODE_ENV, PAYMENT_PROVIDER: 'sandbox' })).toThrow(/refusing a production start/);
    }
  });

  it.each([
    ['the sandbox as the provider', { PAYMENT_PROVIDER: 'sandbox' }, /PAYMENT_PROVIDER: the sandbox marks orders paid/],
    ['the sandbox secret', { SANDBOX_WEBHOOK_SECRET: 'x'.repeat(32) }, /SANDBOX_WEBHOOK_SECRET: it turns the sandbox/],
    ['a Stripe test key', { STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef' }, /STRIPE_SECRET_KEY: a test-mode key/],
    ['a Stripe test publishable key', { STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }, /STRIPE_PUBLISHABLE_KEY/],
    ['half a PayPal setup', { PAYPAL_CLIENT_ID: 'id' }, /PAYPAL_WEBHOOK_ID go together/],
    [
      "PayPal's sandbox",
      { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's'.repeat(16), PAYPAL_WEBHOOK_ID: 'wh' },
      /PAYPAL_ENVIRONMENT: PayPal's sandbox/,
    ],
    ['the demo data', { SEED_DEMO: '1' }, /SEED_DEMO/],
    ['the demo sign-in', { OIDC_DEMO: '1' }, /OIDC_DEMO/],
    [
      'the simulated network',
      { CONNECTIVITY_PROVIDER: 'simulator' },
      /CONNECTIVITY_PROVIDER: the simulator is no network/,
    ],
    ['a moved network clock', { NETWORK_CLOCK_OFFSET_SECONDS: '60' }, /NETWORK_CLOCK_OFFSET_SECONDS/],
    ['no PostgreSQL', { DATABASE_URL: '' }, /DATABASE_URL: production keeps its data in PostgreSQL/],
    ['mail to a folder', { SMTP_URL: '' }, /SMTP_URL: sign-in codes/],
    ['an http origin', { SHELL_ORIGIN: 'http://shop.example' }, /SHELL_ORIGIN/],
    ['half a Google setup', { GOOGLE_CLIENT_ID: 'g' }, /GOOGLE_CLIENT_SECRET go together/],
  ])('refuses %s', (_name, env, reason) => {
    expect(() => loadConfig({ ...PRODUCTION, ...env })).toThrow(reason);
  });

  it('takes PayPal live', () => {
    const paypal = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's'.repeat(16), PAYPAL_WEBHOOK_ID: 'wh' };
    expect(loadConfig({ ...PRODUCTION, ...paypal, PAYPAL_ENVIRONMENT: 'live' }).PAYPAL_ENVIRONMENT).toBe('live');
  });
});

describe('configuration', () => {
  it('has defaults for everything', () => {
    const config = dev();
    expect(config).toMatchObject({ API_PORT: 3000, HOST: '127.0.0.1', SHELL_ORIGIN: 'http://localhost:8080' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PGLITE_DIR).toMatch(/api[\\/]\.data[\\/]pglite$/);
    expect(config.MAIL_OUTBOX).toMatch(/api[\\/]\.data[\\/]outbox$/);
  });

  it('reads the environment', () => {
    const config = dev({
      API_PORT: '4000',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      HOST: '0.0.0.0',
    });
    expect(config).toMatchObject({
      API_PORT: 4000,
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    });
  });

  it("sets the limits of PayPal's signature checks, 60 per IP and 600 in all by default", () => {
    expect(paymentsOptionsFrom(dev()).webhookVerifyLimits).toEqual({ perIp: 60, total: 600, windowMs: 60_000 });
    expect(
      paymentsOptionsFrom(dev({ PAYPAL_VERIFY_LIMIT_PER_IP: '5', PAYPAL_VERIFY_LIMIT_TOTAL: '50' }))
        .webhookVerifyLimits,
    ).toEqual({ perIp: 5, total: 50, windowMs: 60_000 });
    expect(() => dev({ PAYPAL_VERIFY_LIMIT_PER_IP: '0' })).toThrow(/PAYPAL_VERIFY_LIMIT_PER_IP/);
  });

  it('sets the account rate limits, 10 by default', () => {
    expect(dev()).toMatchObject({ AUTH_RATE_LIMIT: 10, ADDRESS_RATE_LIMIT: 10 });
    expect(dev({ AUTH_RATE_LIMIT: '50', ADDRESS_RATE_LIMIT: '20' })).toMatchObject({
      AUTH_RATE_LIMIT: 50,
      ADDRESS_RATE_LIMIT: 20,
    });
    expect(() => dev({ ADDRESS_RATE_LIMIT: '0' })).toThrow(/ADDRESS_RATE_LIMIT/);
  });

  it('stops on invalid values with a readable message', () => {
    expect(() => dev({ API_PORT: 'eighty' })).toThrow(/API_PORT/);
    expect(() => dev({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => dev({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  });

  it('loads the demo data outside production only, unless SEED_DEMO says otherwise', () => {
    // pnpm start runs with NODE_ENV=development: demo data.
    expect(dev().seedDemo).toBe(true);
    expect(dev({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(dev({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(dev({ SEED_DEMO: '' }).seedDemo).toBe(true); // empty counts as unset
    expect(dev({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    // A production start never creates the demo accounts unless asked to.
    expect(loadConfig(PRODUCTION).seedDemo).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: '' }).seedDemo).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: '0' }).seedDemo).toBe(false);
    // ...and refuses to start if asked to.
    expect(() => loadConfig({ ...PRODUCTION, SEED_DEMO: '1' })).toThrow(/SEED_DEMO: the demo accounts/);
    expect(seedDemoData(undefined, 'production')).toBe(false);
    expect(seedDemoData('1', 'production')).toBe(true);
  });
});

describe('third-party login configuration', () => {
  it('registers the shop callback page, and its loopback twin outside production', () => {
    expect(oauthRedirectUrls(dev())).toEqual([
      'http://localhost:8080/user/login/callback',
      'http://127.0.0.1:8080/user/login/callback',
    ]);
    expect(oauthRedirectUrls(loadConfig({ ...PRODUCTION, SHELL_ORIGIN: 'https://shop.example' }))).toEqual([
      'https://shop.example/user/login/callback',
    ]);
    expect(
      oauthRedirectUrls(dev({ OAUTH_REDIRECT_URLS: 'https://a.example/user/login/callback, https://b.example/cb' })),
    ).toEqual(['https://a.example/user/login/callback', 'https://b.example/cb']);
  });

  it('runs the demo provider only outside production and only when nothing real is configured', () => {
    expect(oidcDemoEnabled(dev())).toBe(true);
    expect(oidcDemoEnabled(dev({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }))).toBe(false);
    expect(oidcDemoEnabled(dev({ OIDC_DEMO: '0' }))).toBe(false);
    expect(oidcDemoEnabled(loadConfig(PRODUCTION))).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION, OIDC_DEMO: '1' })).toThrow(/OIDC_DEMO: the demo sign-in provider/);
  });

  it('configures Google and Facebook from the environment, their secrets in pairs', () => {
    const settings = thirdPartySettingsFrom(
      dev({
        GOOGLE_CLIENT_ID: 'g-id',
        GOOGLE_CLIENT_SECRET: 'g-secret',
        FACEBOOK_CLIENT_ID: 'f-id',
        FACEBOOK_CLIENT_SECRET: 'f-secret',
      }),
    );
    expect(settings.google).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'g-id',
      clientSecret: 'g-secret',
    });
    expect(settings.facebook).toMatchObject({
      clientId: 'f-id',
      tokenUrl: expect.stringMatching(/^https:\/\/graph\.facebook\.com\//),
    });
    expect(() => dev({ FACEBOOK_CLIENT_ID: 'f-id' })).toThrow(/go together/);
    expect(thirdPartySettingsFrom(dev()).google).toBeUndefined();
  });
});
