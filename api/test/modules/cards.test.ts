import { createTestApp, loginDemo, post, type TestApp } from '../helpers/app';

const BOUND = '89880000000000000001';
const READY = '89880000000000000002';
const SUSPENDED = '89880000000000000003';
const SPEED_LIMITED = '89880000000000000005';
const OTHERS = '89880000000000000008';
const AGENT_1 = '89880000000000000101';
const PARTNER = '89880000000000000901';
const PROFILE = '89880000000000000201';
const UNKNOWN = '89880000000000009999';

interface Card {
  iccid: string;
  status_str: string;
  expire_date: string;
  card_email: string;
  user_id: number;
  other_user?: boolean;
  show_share_plan: boolean;
  agent_version: number;
  in_agent: boolean;
  card_kind: number;
  kind: number;
  unlimited: boolean;
  used_str: string;
  total_str: string;
  used: number;
  total: number;
  create: number | null;
  available_days: number;
  renewal: boolean;
}

let t: TestApp;
let demoToken: string;
let otherToken: string;

beforeAll(async () => {
  t = await createTestApp();
  demoToken = (await loginDemo(t.app)).token;
  otherToken = (await loginDemo(t.app, 'other@example.com', 'other-password-1')).token;
});
afterAll(async () => t.close());

describe('checkCard', () => {
  it.each(['/eshop', '/eshop/api'] as const)('answers the flag of the card agent under %s', async (prefix) => {
    const { status, body } = await post(t.app, '/check/card', { flag: '2', iccid: AGENT_1 }, { prefix });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 10000, message: 'success', data: { flag: '1', iccid: AGENT_1 } });
  });

  it('answers 10102 for an unknown ICCID', async () => {
    const { status, body } = await post(t.app, '/check/card', { flag: '2', iccid: UNKNOWN });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 10102, message: 'card not found', data: null });
  });

  it('accepts the receipt in the body (auth_token) and ignores a stale one', async () => {
    const { body } = await post(t.app, '/check/card', { flag: '2', iccid: PARTNER, auth_token: 'stale' });
    expect(body.data).toEqual({ flag: 'acme', iccid: PARTNER });
  });
});

describe('getAgent', () => {
  it('answers the agent of the card', async () => {
    const { body } = await post(t.app, '/get/agent', { iccid: PARTNER });
    expect(body).toMatchObject({ code: 10000, data: { flag: 'acme', paypal: false, ccy: 'JPY', lang: 'ja' } });
  });

  it('answers 10102 for an unknown card', async () => {
    expect((await post(t.app, '/get/agent', { iccid: UNKNOWN })).body.code).toBe(10102);
  });

  it('offers PayPal only where a payment can finish: never in production without PayPal configured', async () => {
    const demoAgent = { iccid: '89880000000000000001' };
    expect((await post(t.app, '/get/agent', demoAgent)).body.data).toMatchObject({ paypal: true });
    const production = await createTestApp({ production: true });
    try {
      expect((await post(production.app, '/get/agent', demoAgent)).body.data).toMatchObject({ paypal: false });
    } finally {
      await production.close();
    }
  });
});

describe('getCard', () => {
  it('derives status_str and formats expire_date from expire_timestamp', async () => {
    const row = await t.db.one<{ expire_timestamp: number }>(`SELECT expire_timestamp FROM cards WHERE iccid = $1`, [
      BOUND,
    ]);
    const { body } = await post<Card>(t.app, '/get/card', { flag: '2', iccid: BOUND, lang: 'en' });
    expect(body.code).toBe(10000);
    expect(body.data.status_str).toBe('Activated');
    expect(body.data.expire_date).toBe(new Date((row?.expire_timestamp ?? 0) * 1000).toISOString().slice(0, 10));
    expect(body.data.expire_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.data).toMatchObject({
      iccid: BOUND,
      agent_version: 2,
      in_agent: false,
      card_kind: 1,
      renewal: true,
      total_str: '20GB',
      used_str: '5.2GB',
      total: 20480,
    });
    expect(body.data.available_days).toBeGreaterThanOrEqual(20);
    expect(typeof body.data.create).toBe('number');
  });

  it('shows the other states of the seed: Ready unbound, Suspension, speed limited, eSIM profile, partner', async () => {
    const ready = await post<Card>(t.app, '/get/card', { flag: '2', iccid: READY, lang: 'en' });
    expect(ready.body.data).toMatchObject({ status_str: 'Ready', user_id: 0, expire_date: '', create: null });
    const suspended = await post<Card>(t.app, '/get/card', { flag: '2', iccid: SUSPENDED, lang: 'en' });
    expect(suspended.body.data.status_str).toBe('Suspension');
    const limited = await post<Card>(t.app, '/get/card', { flag: '2', iccid: SPEED_LIMITED, lang: 'en' });
    expect(limited.body.data).toMatchObject({ kind: 2, unlimited: true, total_str: 'Unlimited' });
    const profile = await post<Card>(t.app, '/get/card', { flag: '2', iccid: PROFILE, lang: 'en' });
    expect(profile.body.data.card_kind).toBe(2);
    const partner = await post<Card>(t.app, '/get/card', { flag: 'acme', iccid: PARTNER, lang: 'ja' });
    expect(partner.body.data).toMatchObject({ in_agent: true, agent_version: 2 });
    const old = await post<Card>(t.app, '/get/card', { flag: '1', iccid: AGENT_1, lang: 'en' });
    expect(old.body.data.agent_version).toBe(1);
  });

  it('carries the expiry warning text and the third-party flag the card page shows', async () => {
    const nearExpiry = await post<Card>(t.app, '/get/card', { flag: '2', iccid: '89880000000000000007', lang: 'en' });
    expect(nearExpiry.body.data).toMatchObject({ warn: '2 days', warn_days: 2, is_third_party: false });
    const thirdParty = await post<Card>(t.app, '/get/card', { flag: '2', iccid: '89880000000000000006', lang: 'en' });
    expect(thirdParty.body.data).toMatchObject({ warn: '', warn_days: null, is_third_party: true });
  });

  it('answers 10102 for an unknown card', async () => {
    const { body } = await post(t.app, '/get/card', { flag: '2', iccid: UNKNOWN, lang: 'en' });
    expect(body).toEqual({ code: 10102, message: 'card not found', data: null });
  });
});

describe('visibility: an ICCID shows status and packages, never another account e-mail', () => {
  it('hides the card e-mail from a visitor', async () => {
    const { body } = await post<Card>(t.app, '/get/card', { flag: '2', iccid: BOUND, lang: 'en' });
    expect(body.data.status_str).toBe('Activated');
    expect(body.data.card_email).toBe('');
    expect(JSON.stringify(body)).not.toContain('demo@example.com');
  });

  it('shows it to the owner', async () => {
    const { body } = await post<Card>(
      t.app,
      '/get/card',
      { flag: '2', iccid: BOUND, lang: 'en' },
      { token: demoToken },
    );
    expect(body.data.card_email).toBe('demo@example.com');
    expect(body.data.show_share_plan).toBe(true);
  });

  it('hides it from another logged-in user and hides the share plan', async () => {
    const { body } = await post<Card>(
      t.app,
      '/get/card',
      { flag: '2', iccid: OTHERS, lang: 'en' },
      { token: demoToken },
    );
    expect(body.data.card_email).toBe('');
    // Bound, and not the caller's: never whose (issue 23: an ICCID guess must not learn an account id).
    expect(body.data.user_id).toBe(-1);
    expect(body.data.other_user).toBe(true);
    expect(body.data.show_share_plan).toBe(false);
    expect(JSON.stringify(body)).not.toContain('other@example.com');
    const own = await post<Card>(t.app, '/get/card', { flag: '2', iccid: OTHERS, lang: 'en' }, { token: otherToken });
    expect(own.body.data.card_email).toBe('other@example.com');
    expect(own.body.data.user_id).toBeGreaterThan(0);
    expect(own.body.data.other_user).toBe(false);
  });

  it('treats a stale receipt on a card page as a visitor (no session-end)', async () => {
    const { body } = await post<Card>(t.app, '/get/card', { flag: '2', iccid: BOUND, lang: 'en' }, { token: 'nope' });
    expect(body.code).toBe(10000);
    expect(body.data.card_email).toBe('');
  });

  it('never shows the e-mail in refresh either', async () => {
    const { body } = await post<Card>(t.app, '/refresh/card', { flag: '2', iccid: BOUND });
    expect(body.data.card_email).toBe('');
  });
});

describe('refresh', () => {
  it.each(['/eshop', '/eshop/api'] as const)('reloads the card under %s', async (prefix) => {
    const { body } = await post<Card>(t.app, '/refresh/card', { flag: '2', iccid: BOUND }, { prefix });
    expect(body.code).toBe(10000);
    expect(body.data).toMatchObject({ iccid: BOUND, status_str: 'Activated' });
  });

  it('answers 10101 when the card belongs to another agent', async () => {
    const { body } = await post(t.app, '/refresh/card', { flag: '2', iccid: AGENT_1 });
    expect(body).toMatchObject({ code: 10101, data: null });
  });

  it('answers 10103 for an unknown flag', async () => {
    const { body } = await post(t.app, '/refresh/card', { flag: 'nobody', iccid: BOUND });
    expect(body).toMatchObject({ code: 10103, data: null });
  });

  it('answers 10102 for an unknown card', async () => {
    expect((await post(t.app, '/refresh/card', { flag: '2', iccid: UNKNOWN })).body.code).toBe(10102);
  });
});
