import { loadConfig, oauthRedirectUrls, oidcDemoEnabled, seedDemoData } from '../src/config';
import { thirdPartySettingsFrom } from '../src/modules/users/thirdparty';

describe('configuration', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ API_PORT: 3000, HOST: '127.0.0.1', SHELL_ORIGIN: 'http://localhost:8080' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PGLITE_DIR).toMatch(/api[\\/]\.data[\\/]pglite$/);
    expect(config.MAIL_OUTBOX).toMatch(/api[\\/]\.data[\\/]outbox$/);
  });

  it('reads the environment', () => {
    const config = loadConfig({
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

  it('sets the account rate limits, 10 by default', () => {
    expect(loadConfig({})).toMatchObject({ AUTH_RATE_LIMIT: 10, ADDRESS_RATE_LIMIT: 10 });
    expect(loadConfig({ AUTH_RATE_LIMIT: '50', ADDRESS_RATE_LIMIT: '20' })).toMatchObject({
      AUTH_RATE_LIMIT: 50,
      ADDRESS_RATE_LIMIT: 20,
    });
    expect(() => loadConfig({ ADDRESS_RATE_LIMIT: '0' })).toThrow(/ADDRESS_RATE_LIMIT/);
  });

  it('stops on invalid values with a readable message', () => {
    expect(() => loadConfig({ API_PORT: 'eighty' })).toThrow(/API_PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  });

  it('loads the demo data outside production only, unless SEED_DEMO says otherwise', () => {
    // pnpm start runs without NODE_ENV: demo data.
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '' }).seedDemo).toBe(true); // empty counts as unset
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    // A production start never creates the demo accounts unless asked to.
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(seedDemoData(undefined, 'production')).toBe(false);
    expect(seedDemoData('1', 'production')).toBe(true);
  });
});

describe('third-party login configuration', () => {
  it('registers the shop callback page, and its loopback twin outside production', () => {
    expect(oauthRedirectUrls(loadConfig({}))).toEqual([
      'http://localhost:8080/user/login/callback',
      'http://127.0.0.1:8080/user/login/callback',
    ]);
    expect(oauthRedirectUrls(loadConfig({ NODE_ENV: 'production', SHELL_ORIGIN: 'https://shop.example' }))).toEqual([
      'https://shop.example/user/login/callback',
    ]);
    expect(
      oauthRedirectUrls(
        loadConfig({ OAUTH_REDIRECT_URLS: 'https://a.example/user/login/callback, https://b.example/cb' }),
      ),
    ).toEqual(['https://a.example/user/login/callback', 'https://b.example/cb']);
  });

  it('runs the demo provider only outside production and only when nothing real is configured', () => {
    expect(oidcDemoEnabled(loadConfig({}))).toBe(true);
    expect(oidcDemoEnabled(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }))).toBe(false);
    expect(oidcDemoEnabled(loadConfig({ OIDC_DEMO: '0' }))).toBe(false);
    expect(oidcDemoEnabled(loadConfig({ NODE_ENV: 'production' }))).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', OIDC_DEMO: '1' })).toThrow(/not allowed in production/);
  });

  it('configures Google and Facebook from the environment, their secrets in pairs', () => {
    const settings = thirdPartySettingsFrom(
      loadConfig({
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
    expect(() => loadConfig({ FACEBOOK_CLIENT_ID: 'f-id' })).toThrow(/go together/);
    expect(thirdPartySettingsFrom(loadConfig({})).google).toBeUndefined();
  });
});
