import { createTestApp, loginDemo, post, type TestApp } from '../helpers/app';

// The monthly auto-renewal spending cap of a card: its owner reads and sets it; nobody else.

let t: TestApp;
let demo: string;
let other: string;
const CARD = '89880000000000000001';
const UNBOUND = '89880000000000000002';

beforeAll(async () => {
  t = await createTestApp();
  demo = (await loginDemo(t.app)).token;
  other = (await loginDemo(t.app, 'other@example.com', 'other-password-1')).token;
});
afterAll(async () => t.close());

describe('renewal cap', () => {
  it('is none until the owner sets one; null removes it', async () => {
    expect((await post(t.app, '/v1/card/renewal/cap', { iccid: CARD }, { token: demo })).body).toMatchObject({
      code: 10000,
      data: { amount: null, ccy: null },
    });
    const set = await post(
      t.app,
      '/v1/card/renewal/cap/set',
      { iccid: CARD, amount: 5000, ccy: 'USD' },
      { token: demo },
    );
    expect(set.body).toMatchObject({ code: 10000, data: { amount: 5000, ccy: 'USD' } });
    const row = await t.db.one(`SELECT renewal_cap_amount, renewal_cap_currency FROM cards WHERE iccid = $1`, [CARD]);
    expect(row).toEqual({ renewal_cap_amount: 5000, renewal_cap_currency: 'USD' });
    const cleared = await post(
      t.app,
      '/v1/card/renewal/cap/set',
      { iccid: CARD, amount: null, ccy: 'USD' },
      { token: demo },
    );
    expect(cleared.body.data).toEqual({ amount: null, ccy: null });
  });

  it('refuses a currency the card never pays in (a cap that would never apply), and keeps the old cap', async () => {
    await post(t.app, '/v1/card/renewal/cap/set', { iccid: CARD, amount: 3000, ccy: 'EUR' }, { token: demo });
    const foreign = await post(
      t.app,
      '/v1/card/renewal/cap/set',
      { iccid: CARD, amount: 5000, ccy: 'CHF' },
      { token: demo },
    );
    expect([foreign.status, foreign.body.code]).toEqual([400, 10002]);
    expect(foreign.body.message).toMatch(/^the limit must be in a currency this card pays in \(.*USD.*\)$/);
    const row = await t.db.one(`SELECT renewal_cap_amount, renewal_cap_currency FROM cards WHERE iccid = $1`, [CARD]);
    expect(row).toEqual({ renewal_cap_amount: 3000, renewal_cap_currency: 'EUR' });
    await post(t.app, '/v1/card/renewal/cap/set', { iccid: CARD, amount: null, ccy: 'EUR' }, { token: demo });
  });

  it("is the owner's only: another account 10024, a visitor 10013, an unknown card 10102, bad input 10002", async () => {
    expect((await post(t.app, '/v1/card/renewal/cap', { iccid: CARD }, { token: other })).body.code).toBe(10024);
    const write = await post(
      t.app,
      '/v1/card/renewal/cap/set',
      { iccid: CARD, amount: 1, ccy: 'USD' },
      { token: other },
    );
    expect(write.body.code).toBe(10024);
    expect((await post(t.app, '/v1/card/renewal/cap', { iccid: CARD })).body.code).toBe(10013);
    expect(
      (await post(t.app, '/v1/card/renewal/cap', { iccid: '89880000000000099999' }, { token: demo })).body.code,
    ).toBe(10102);
    for (const malformed of [
      { iccid: CARD, amount: -5, ccy: 'USD' },
      { iccid: CARD, amount: 1.5, ccy: 'USD' },
      { iccid: CARD, amount: 100_000_001, ccy: 'USD' },
      { iccid: CARD, amount: 5000, ccy: 'usd' },
      { iccid: CARD, amount: 5000 },
      { iccid: CARD, amount: 5000, ccy: 'USD', user_id: 1 },
    ]) {
      const { status, body } = await post(t.app, '/v1/card/renewal/cap/set', malformed, { token: demo });
      expect([status, body.code]).toEqual([400, 10002]);
    }
    // A card nobody owns has no cap anyone could set.
    expect((await post(t.app, '/v1/card/renewal/cap', { iccid: UNBOUND }, { token: demo })).body.code).toBe(10024);
    const row = await t.db.one(`SELECT renewal_cap_amount FROM cards WHERE iccid = $1`, [CARD]);
    expect(row).toEqual({ renewal_cap_amount: null });
  });
});
