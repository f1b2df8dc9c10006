import { post } from '../helpers/app';
import {
  CARD_ACME,
  CARD_V1,
  CARD_V2_DEMO,
  CARD_V2_FREE,
  CARD_V2_OTHER,
  CARD_V3,
  countRows,
  createPay,
  createPaymentsTestApp,
  openCardV3Order,
  orderRow,
  packageId,
  pagePath,
  saveUsAddress,
  SHOP,
  submitSandbox,
  type Login,
  type PaymentsTestApp,
} from '../helpers/payments';

// The payment calls (issue 9): pay check, address and tax, order creation priced on the server, the sandbox's
// hosted page end to end, order status and records, package auto-renewal. Webhook trust, concurrency and crash
// recovery are in payments-webhooks.test.ts.

let t: PaymentsTestApp;
let demo: Login;
let other: Login;

beforeAll(async () => {
  t = await createPaymentsTestApp();
  ({ demo, other } = t);
});
afterAll(async () => t.close());

describe('checkPay (/pay/isbuy)', () => {
  it('asks for the address where tax goes by address, offers PayPal per agent, warns of an unused package', async () => {
    const v1 = await post(t.app, '/pay/isbuy', { iccid: CARD_V1, lang: 'en', ccy: 'USD', amount: 1500 });
    expect(v1.body).toEqual({
      code: 10000,
      message: 'success',
      data: { isShowAddress: true, isShowPayPal: true, unusedPackage: false },
    });
    const eur = await post(t.app, '/pay/isbuy', { iccid: CARD_V3, lang: 'de', ccy: 'EUR', amount: 1400 });
    expect(eur.body.data).toEqual({ isShowAddress: false, isShowPayPal: false, unusedPackage: false });
    const acme = await post(
      t.app,
      '/pay/isbuy',
      { iccid: CARD_ACME, lang: 'ja', ccy: 'JPY', amount: 1980 },
      {
        token: demo.token,
      },
    );
    expect(acme.body.data).toEqual({ isShowAddress: false, isShowPayPal: false, unusedPackage: false });
    // The demo card has a bought package waiting (status init): the client shows the 10104 warning.
    const unused = await post(
      t.app,
      '/pay/isbuy',
      { iccid: CARD_V2_DEMO, lang: 'en', ccy: 'USD', amount: 1 },
      {
        token: demo.token,
      },
    );
    expect(unused.body.data).toMatchObject({ unusedPackage: true });
  });

  it('needs a login on a version-2 card and the owner on a bound one', async () => {
    const body = { iccid: CARD_V2_FREE, lang: 'en', ccy: 'USD', amount: 1500 };
    expect((await post(t.app, '/pay/isbuy', body)).body.code).toBe(10013);
    expect((await post(t.app, '/pay/isbuy', body, { token: other.token })).body.code).toBe(10000);
    const bound = { ...body, iccid: CARD_V2_OTHER };
    expect((await post(t.app, '/pay/isbuy', bound, { token: demo.token })).body.code).toBe(10024);
    expect((await post(t.app, '/pay/isbuy', { ...body, iccid: '89880000000000099999' })).body.code).toBe(10102);
  });

  it('rejects malformed and invalid requests with 10001 and 10002', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/eshop/pay/isbuy',
      headers: { 'content-type': 'application/json' },
      payload: '{"iccid":',
    });
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 10001]);
    const wrong = await post(t.app, '/pay/isbuy', { iccid: CARD_V1, lang: 'en', ccy: 'usd', amount: 1 });
    expect([wrong.status, wrong.body.code]).toEqual([400, 10002]);
    const extra = await post(t.app, '/pay/isbuy', { iccid: CARD_V1, lang: 'en', ccy: 'USD', amount: 1, x: 1 });
    expect([extra.status, extra.body.code]).toEqual([400, 10002]);
  });
});

describe('saveAddress (/save/address)', () => {
  const address = {
    email: 'Buyer@Example.com',
    country: 'US',
    region: 'CA',
    city: 'Los Angeles',
    postalCode: '90001',
    line1: '1 Sunset Blvd',
    iccid: CARD_V1,
  };

  it('answers the tax rate of the region table', async () => {
    const us = await post(t.app, '/save/address', address);
    expect(us.body).toEqual({
      code: 10000,
      message: 'success',
      data: {
        taxRate: 0.0725,
        country: 'US',
        region: 'CA',
        city: 'Los Angeles',
        line1: '1 Sunset Blvd',
        postalCode: '90001',
      },
    });
    for (const region of ['AK', 'OR', 'DE', 'MT', 'NH']) {
      expect((await post(t.app, '/save/address', { ...address, region })).body.data).toMatchObject({ taxRate: 0 });
    }
    const quebec = await post(t.app, '/save/address', { ...address, country: 'CA', region: 'QC' });
    expect(quebec.body.data).toMatchObject({ taxRate: 0.14975, region: 'QC' });
    const germany = await post(t.app, '/save/address', { ...address, country: 'DE', region: 'Bayern' });
    expect(germany.body.data).toMatchObject({ taxRate: 0, region: 'Bayern' });
    // One address per card: the latest save wins.
    expect(await countRows(t.db, `SELECT 1 FROM addresses WHERE iccid = $1`, [CARD_V1])).toBe(1);
  });

  it('keeps one address per card and one per account (eSIM shop), the latest save, whoever saved it', async () => {
    const regions = ['NY', 'WA', 'TX'];
    const saves = await Promise.all(regions.map((region) => post(t.app, '/save/address', { ...address, region })));
    expect(saves.map((save) => save.body.code)).toEqual([10000, 10000, 10000]);
    expect(await countRows(t.db, `SELECT 1 FROM addresses WHERE iccid = $1`, [CARD_V1])).toBe(1);
    // A logged-in save of the card makes it that account's address (a visitor's form starts empty then).
    await post(t.app, '/save/address', { ...address, region: 'OR' }, { token: demo.token });
    const card = await t.db.one<{ user_id: number | null; region: string }>(
      `SELECT user_id, region FROM addresses WHERE iccid = $1`,
      [CARD_V1],
    );
    expect(card).toEqual({ user_id: demo.user_id, region: 'OR' });
    // The eSIM shop's address (no card) is the account's own, one per account.
    const { iccid: _card, ...withoutCard } = address;
    const slot = '89049032000000000000000000000777';
    await t.db.query(`INSERT INTO esim_slots (eid, user_id) VALUES ($1, $2)`, [slot, other.user_id]);
    for (const region of ['CA', 'NV']) {
      const saved = await post(t.app, '/save/address', { ...withoutCard, eid: slot, region }, { token: other.token });
      expect(saved.body.data).toMatchObject({ region });
    }
    const own = await t.db.query<{ region: string }>(
      `SELECT region FROM addresses WHERE user_id = $1 AND iccid IS NULL`,
      [other.user_id],
    );
    expect(own).toEqual([{ region: 'NV' }]);
    // The card's address a visitor's again, as the tests below expect.
    await post(t.app, '/save/address', { ...address, region: 'CA' });
  });

  it('applies the section 5 rules on the server', async () => {
    const badRegion = await post(t.app, '/save/address', { ...address, region: 'XX' });
    expect([badRegion.status, badRegion.body.code]).toEqual([400, 10002]);
    const blankCity = await post(t.app, '/save/address', { ...address, city: '   ' });
    expect([blankCity.status, blankCity.body.code]).toEqual([400, 10002]);
    const badEmail = await post(t.app, '/save/address', { ...address, email: 'nobody' });
    expect([badEmail.status, badEmail.body.code]).toEqual([400, 10002]);
    const province = await post(t.app, '/save/address', { ...address, country: 'CA', region: 'CA' });
    expect([province.status, province.body.code]).toEqual([400, 10002]);
  });

  it('rejects malformed requests with 10002 and an unknown card with 10102', async () => {
    const { iccid: _iccid, ...withoutCard } = address;
    for (const malformed of [
      { ...address, country: 'us' },
      { ...address, postalCode: '1'.repeat(17) },
      { ...address, user_id: 1 },
      withoutCard,
    ]) {
      const { status, body } = await post(t.app, '/save/address', malformed);
      expect([status, body.code]).toEqual([400, 10002]);
    }
    expect((await post(t.app, '/save/address', { ...address, iccid: '89880000000000099999' })).body.code).toBe(10102);
  });

  it("refuses another account's card, and a visitor on a version-2 card (login first)", async () => {
    const { body } = await post(t.app, '/save/address', { ...address, iccid: CARD_V2_OTHER }, { token: demo.token });
    expect(body.code).toBe(10024);
    expect((await post(t.app, '/save/address', { ...address, iccid: CARD_V2_OTHER })).body.code).toBe(10013);
    expect(await countRows(t.db, `SELECT 1 FROM addresses WHERE iccid = $1`, [CARD_V2_OTHER])).toBe(0);
  });
});

describe('createPay (/pay/buy) and the sandbox page', () => {
  it('prices the order on the server and sends the browser to the sandbox page', async () => {
    await saveUsAddress(t.app, CARD_V1, 'CA');
    const id = await packageId(t.db, 'eu-5gb-30d');
    const { body } = await createPay(t.app, { id, iccid: CARD_V1, flag: '1' });
    expect(body.code).toBe(10000);
    expect(body.data.pay_url).toMatch(new RegExp(`^${SHOP}/eshop/pay/sandbox/ses_[A-Za-z0-9_-]+$`));
    expect(body.data.pay).toBe('stripe');
    // Old view (agent 1): the list price 15.00 USD, tax 7.25 % of California from the saved address.
    expect(await orderRow(t.db, body.data.order_id)).toMatchObject({
      status: 'pending',
      amount: 1500,
      tax_amount: 109,
      currency: 'USD',
    });
  });

  it('needs the saved address where tax goes by address', async () => {
    const id = await packageId(t.db, 'eu-5gb-30d');
    const { status, body } = await createPay(t.app, { id, iccid: '8988000000000000019', flag: '2' }, demo.token);
    expect([status, body.code]).toEqual([400, 10002]);
  });

  it('uses the package rate elsewhere, the agent currency and no decimals for JPY', async () => {
    const id = await packageId(t.db, 'acme-japan-3gb-8d');
    const { body } = await createPay(t.app, { id, iccid: CARD_ACME, flag: 'acme', ccy: 'JPY', lang: 'ja' }, demo.token);
    expect(body.code).toBe(10000);
    expect(await orderRow(t.db, body.data.order_id)).toMatchObject({ amount: 1980, tax_amount: 0, currency: 'JPY' });
    // An EUR price with the package's own 7 % (the sheet's taxRate): the discount price of the new view.
    const eu = await packageId(t.db, 'eu-5gb-30d');
    const eur = await createPay(t.app, { id: eu, iccid: CARD_V3, flag: '3', ccy: 'EUR' });
    expect(await orderRow(t.db, eur.body.data.order_id)).toMatchObject({
      amount: 1200,
      tax_amount: 84,
      currency: 'EUR',
    });
  });

  it('refuses PayPal where the agent does not offer it, unknown packages and foreign packages', async () => {
    const id = await packageId(t.db, 'acme-japan-3gb-8d');
    const paypal = await createPay(
      t.app,
      { id, iccid: CARD_ACME, flag: 'acme', ccy: 'JPY', pay: 'paypal' },
      demo.token,
    );
    expect([paypal.status, paypal.body.code]).toEqual([400, 10002]);
    const foreign = await createPay(t.app, { id, iccid: CARD_V3, flag: '3', ccy: 'EUR' });
    expect(foreign.body.code).toBe(10025);
    const unknown = await createPay(t.app, { id: 999_999, iccid: CARD_V3, flag: '3', ccy: 'EUR' });
    expect(unknown.body.code).toBe(10025);
    const invalid = await createPay(t.app, { id: 0, iccid: CARD_V3 });
    expect([invalid.status, invalid.body.code]).toEqual([400, 10002]);
    const method = await post(t.app, '/pay/buy', {
      id,
      renewal: false,
      flag: '2',
      lang: 'en',
      ccy: 'EUR',
      pay: 'cash',
    });
    expect([method.status, method.body.code]).toEqual([400, 10002]);
  });

  it('checks ownership: login on version 2, the owner on a bound card', async () => {
    const id = await packageId(t.db, 'global-1gb-7d');
    expect((await createPay(t.app, { id, iccid: CARD_V2_FREE, ccy: 'EUR' })).body.code).toBe(10013);
    expect((await createPay(t.app, { id, iccid: CARD_V2_OTHER, ccy: 'EUR' }, demo.token)).body.code).toBe(10024);
    expect((await createPay(t.app, { id, iccid: CARD_V2_OTHER, ccy: 'EUR' }, other.token)).body.code).toBe(10000);
  });

  it('pays in the sandbox: the page, Pay, back to the card page, the package on the card, the receipt', async () => {
    const id = await packageId(t.db, 'eu-5gb-30d');
    await saveUsAddress(t.app, CARD_V1, 'OR');
    const before = await post<{ total: number }>(t.app, '/get/card', { flag: '1', iccid: CARD_V1, lang: 'en' });
    const { body } = await createPay(t.app, { id, iccid: CARD_V1, flag: '1', email: 'payer@example.com' });
    const orderId = body.data.order_id;

    const page = await t.app.inject({ method: 'GET', url: pagePath(body.data.pay_url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(page.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<html lang="en"');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toContain('$15.00');

    const paid = await submitSandbox(t.app, body.data.pay_url, { action: 'pay', card: 'instant' });
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${SHOP}/1/${CARD_V1}?returnType=suc&order_id=${orderId}`);

    const search = await post(t.app, '/pay/search', { order_id: orderId });
    expect(search.body.data).toEqual({ order_id: orderId, status: 'paid' });
    // Paid: the package waits on the card (init) until the network carries it and it is first used; the card's
    // figures do not move before the network says so.
    const after = await post<{ total: number }>(t.app, '/get/card', { flag: '1', iccid: CARD_V1, lang: 'en' });
    expect(after.body.data.total).toBe(before.body.data.total);
    const records = () =>
      post<{ list2: Array<{ name: string; network?: string }> }>(t.app, '/pkg/record', { iccid: CARD_V1, lang: 'en' });
    expect((await records()).body.data.list2).toEqual([
      expect.objectContaining({ name: 'Europe 5 GB', network: 'pending' }),
    ]);
    const receipt = t.mailer.sent.find((mail) => mail.template === 'order' && mail.text.includes(`#${orderId}`));
    expect(receipt?.to).toBe('payer@example.com');
    // The receipt links the card page of the card's own agent (flag 1), like the return URL.
    expect(receipt?.text).toContain(`Your card page: ${SHOP}/1/${CARD_V1}`);
    // Back on the page again: the session is finished, it only leads back.
    const again = await submitSandbox(t.app, body.data.pay_url, { action: 'pay', card: 'instant' });
    expect(again.location).toBe(paid.location);
    expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [orderId])).toBe(1);
  });

  it('declines, cancels and asks for the 3-D Secure code', async () => {
    const open = () => openCardV3Order(t);

    const declined = await open();
    const decline = await submitSandbox(t.app, declined.pay_url, { action: 'decline' });
    // A decline comes back as what it is (returnType=fail), not as a cancel.
    expect(decline.location).toBe(`${SHOP}/3/${CARD_V3}?returnType=fail&order_id=${declined.order_id}`);
    expect((await post(t.app, '/pay/search', { order_id: declined.order_id })).body.data).toMatchObject({
      status: 'failed',
    });

    const cancelled = await open();
    expect(cancelled.order_id).not.toBe(declined.order_id);
    await submitSandbox(t.app, cancelled.pay_url, { action: 'cancel' });
    expect((await post(t.app, '/pay/search', { order_id: cancelled.order_id })).body.data).toMatchObject({
      status: 'cancelled',
    });

    const challenged = await open();
    const challenge = await submitSandbox(t.app, challenged.pay_url, { action: 'pay', card: 'challenge' });
    expect(challenge.status).toBe(200);
    expect(challenge.html).toContain('<label class="field" for="code">Verification code</label>');
    const wrong = await submitSandbox(t.app, challenged.pay_url, { action: 'verify', code: '000000' });
    expect(wrong.html).toContain('role="alert"');
    expect(wrong.html).toContain('aria-invalid="true"');
    expect((await orderRow(t.db, challenged.order_id))?.status).toBe('pending');
    const right = await submitSandbox(t.app, challenged.pay_url, { action: 'verify', code: '123456' });
    expect(right.location).toBe(`${SHOP}/3/${CARD_V3}?returnType=suc&order_id=${challenged.order_id}`);
    expect((await orderRow(t.db, challenged.order_id))?.status).toBe('fulfilled');
  });

  it('gives one order and one provider session to concurrent requests for the same purchase', async () => {
    const id = await packageId(t.db, 'apac-10gb-15d');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => createPay(t.app, { id, iccid: CARD_V3, flag: '3', ccy: 'EUR' })),
    );
    const orderIds = new Set(answers.map((answer) => answer.body.data.order_id));
    const urls = new Set(answers.map((answer) => answer.body.data.pay_url));
    expect([orderIds.size, urls.size]).toEqual([1, 1]);
    const [orderId] = [...orderIds];
    expect(await countRows(t.db, `SELECT 1 FROM sandbox_sessions WHERE order_id = $1`, [orderId])).toBe(1);
  });

  it('gives a free package at once: no provider, no address, one fulfilment however often it is asked', async () => {
    const FREE_CARD = '8988000000000000019';
    const id = await packageId(t.db, 'global-1gb-7d');
    const prices = await t.db.query<{ currency: string; amount: number; discount_amount: number | null }>(
      `SELECT currency, amount, discount_amount FROM package_prices WHERE package_id = $1`,
      [id],
    );
    await t.db.query(`UPDATE package_prices SET amount = 0, discount_amount = NULL WHERE package_id = $1`, [id]);
    try {
      // A USD card without a billing address (a paid package would need one first).
      const answers = await Promise.all(
        Array.from({ length: 3 }, () =>
          createPay(t.app, { id, iccid: FREE_CARD, flag: '2', renewal: true }, demo.token),
        ),
      );
      expect(answers.map((answer) => answer.body.code)).toEqual([10000, 10000, 10000]);
      const orderIds = new Set(answers.map((answer) => answer.body.data.order_id));
      expect(orderIds.size).toBe(1);
      const [orderId] = [...orderIds];
      // Straight back to the card page's "paid" report: no provider page in between.
      expect(answers[0]?.body.data.pay_url).toBe(`${SHOP}/2/${FREE_CARD}?returnType=suc&order_id=${orderId}`);
      expect(await orderRow(t.db, orderId ?? 0)).toMatchObject({
        status: 'fulfilled',
        amount: 0,
        tax_amount: 0,
      });
      expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [orderId])).toBe(1);
      // Nothing to charge: a free package never renews.
      expect(await countRows(t.db, `SELECT 1 FROM orders WHERE id = $1 AND NOT renewal`, [orderId])).toBe(1);
      expect(await countRows(t.db, `SELECT 1 FROM sandbox_sessions WHERE order_id = $1`, [orderId])).toBe(0);
      const packagesOfCard = () =>
        t.db.query(`SELECT status, provider_state FROM card_packages WHERE iccid = $1`, [FREE_CARD]);
      expect(await packagesOfCard()).toEqual([{ status: 'init', provider_state: 'pending' }]);
      const search = await post(t.app, '/pay/search', { order_id: orderId }, { token: demo.token });
      expect(search.body.data).toMatchObject({ status: 'paid' });
      // A gift once per card: asked again later (another method too), the same order answers, nothing more added.
      const later = await createPay(t.app, { id, iccid: FREE_CARD, flag: '2', pay: 'paypal' }, demo.token);
      expect(later.body.data.order_id).toBe(orderId);
      expect(await packagesOfCard()).toHaveLength(1);
      expect(
        await countRows(t.db, `SELECT 1 FROM orders WHERE iccid = $1 AND package_id = $2 AND status <> 'cancelled'`, [
          FREE_CARD,
          id,
        ]),
      ).toBe(1);
    } finally {
      for (const price of prices) {
        await t.db.query(
          `UPDATE package_prices SET amount = $3, discount_amount = $4 WHERE package_id = $1 AND currency = $2`,
          [id, price.currency, price.amount, price.discount_amount],
        );
      }
    }
  });

  it('buys a shared-pool plan without a card: a new pool of the buyer, back to the order records', async () => {
    const id = await packageId(t.db, 'pool-eu-50gb-30d');
    expect((await createPay(t.app, { id, ccy: 'USD' })).body.code).toBe(10013);
    const { body } = await createPay(t.app, { id, ccy: 'USD' }, demo.token);
    expect(body.code).toBe(10000);
    const paid = await submitSandbox(t.app, body.data.pay_url, { action: 'pay', card: 'instant' });
    expect(paid.location).toBe(`${SHOP}/pay/order?returnType=suc&order_id=${body.data.order_id}`);
    const order = await orderRow(t.db, body.data.order_id);
    expect(order?.status).toBe('fulfilled');
    const pool = await t.db.one<{ user_id: number; total_bytes: number }>(
      `SELECT user_id, total_bytes FROM pools WHERE id = $1`,
      [order?.pool_id],
    );
    expect(pool).toEqual({ user_id: demo.user_id, total_bytes: 50 * 1024 ** 3 });
    // Someone else's pool cannot be refilled.
    const refill = await createPay(t.app, { id, ccy: 'USD', pool_object_id: 'demo-pool-1' }, other.token);
    expect(refill.body.code).toBe(10024);
  });
});

describe('paySearch, orderList and pkgUpdate', () => {
  it("shows an order to its owner only and lists the caller's orders newest first", async () => {
    const id = await packageId(t.db, 'global-1gb-7d');
    const mine = (await createPay(t.app, { id, iccid: CARD_V2_DEMO, ccy: 'EUR' }, demo.token)).body.data;
    expect((await post(t.app, '/pay/search', { order_id: mine.order_id }, { token: demo.token })).body.data).toEqual({
      order_id: mine.order_id,
      status: 'pending',
    });
    expect((await post(t.app, '/pay/search', { order_id: mine.order_id }, { token: other.token })).body.code).toBe(
      10024,
    );
    expect((await post(t.app, '/pay/search', { order_id: mine.order_id })).body.code).toBe(10024);
    expect((await post(t.app, '/pay/search', { order_id: '999999' })).body).toMatchObject({
      code: 10025,
      message: 'errorOrderId',
    });
    expect((await post(t.app, '/pay/search', { order_id: 'abc' })).body.code).toBe(10025);

    const list = await post<{ list: Array<{ order_id: string; create: number; currency: string }> }>(
      t.app,
      '/pay/order/list',
      {},
      { token: demo.token },
    );
    expect(list.body.data.list[0]).toMatchObject({ order_id: mine.order_id, currency: 'EUR', status: 'pending' });
    const creates = list.body.data.list.map((order) => order.create);
    expect(creates).toEqual([...creates].sort((a, b) => b - a));
    const theirs = await post<{ list: Array<{ order_id: string }> }>(
      t.app,
      '/pay/order/list',
      {},
      { token: other.token },
    );
    expect(theirs.body.data.list.map((order) => order.order_id)).not.toContain(mine.order_id);
    // Package names in the language asked for (else the browser's): the shop's package title in it.
    const unlimited = await createPay(
      t.app,
      { id: await packageId(t.db, 'global-unlimited-7d'), iccid: CARD_V2_DEMO, flag: '2', ccy: 'EUR' },
      demo.token,
    );
    expect(unlimited.body.code).toBe(10000);
    const german = await post<{ list: Array<{ order_id: string; name: string }> }>(
      t.app,
      '/pay/order/list',
      { lang: 'de' },
      { token: demo.token },
    );
    const english = await post<{ list: Array<{ order_id: string; name: string }> }>(
      t.app,
      '/pay/order/list',
      { lang: 'en' },
      { token: demo.token },
    );
    const names = (answer: typeof german) => answer.body.data.list.map((order) => order.name).join('|');
    expect(names(german)).toMatch(/Unbegrenzt/);
    expect(names(english)).toMatch(/Unlimited/);
    expect(names(german)).not.toBe(names(english));
    expect((await post(t.app, '/pay/order/list', { iccid: CARD_V2_DEMO }, { token: other.token })).body.code).toBe(
      10024,
    );
    expect((await post(t.app, '/pay/order/list', {})).body.code).toBe(10013);
  });

  it('rejects malformed requests with 10002, never a 5xx', async () => {
    for (const [path, body] of [
      ['/pay/search', {}],
      ['/pay/search', { order_id: '' }],
      ['/pay/search', { order_id: '1'.repeat(65) }],
      ['/pay/search', { order_id: '1', iccid: CARD_V1 }],
      ['/pay/order/list', { iccid: '123' }],
      ['/pay/order/list', { iccid: CARD_V1, user_id: 1 }],
      ['/pkg/update', { iccid: CARD_V1, id: 'one', renewal: true }],
      ['/pkg/update', { iccid: CARD_V1, id: 1 }],
      ['/pkg/update', { iccid: CARD_V1, id: -1, renewal: false }],
    ] as const) {
      const answer = await post(t.app, path, body, { token: demo.token });
      expect({ path, body, status: answer.status, code: answer.body.code }).toEqual({
        path,
        body,
        status: 400,
        code: 10002,
      });
    }
  });

  it('lists the orders of a card no account owns to whoever holds its ICCID; unknown cards 10102', async () => {
    const id = await packageId(t.db, 'global-1gb-7d');
    const order = (await createPay(t.app, { id, iccid: CARD_V3, flag: '3', ccy: 'EUR' })).body.data;
    const list = await post<{ list: Array<{ order_id: string; iccid: string }> }>(t.app, '/pay/order/list', {
      iccid: CARD_V3,
    });
    expect(list.body.data.list.map((row) => row.order_id)).toContain(order.order_id);
    expect(list.body.data.list.every((row) => row.iccid === CARD_V3)).toBe(true);
    // An order no account owns answers anyone holding its id, status only.
    expect((await post(t.app, '/pay/search', { order_id: order.order_id }, { token: other.token })).body.code).toBe(
      10000,
    );
    expect((await post(t.app, '/pay/order/list', { iccid: '89880000000000099999' })).body.code).toBe(10102);
  });

  it("refuses to switch another card's package or an unknown card's", async () => {
    const record = await t.db.one<{ id: number }>(
      `SELECT cp.id FROM card_packages cp JOIN orders o ON o.id = cp.order_id WHERE cp.iccid = $1`,
      [CARD_V2_DEMO],
    );
    // The owner of card V3 (nobody) cannot reach the demo card's package by naming it with their own card.
    const foreign = await post(t.app, '/pkg/update', { iccid: CARD_V3, id: record?.id, renewal: false });
    expect(foreign.body.code).toBe(10025);
    const unknown = await post(t.app, '/pkg/update', { iccid: '89880000000000099999', id: 1, renewal: false });
    expect(unknown.body.code).toBe(10102);
  });

  it("turns a package's auto-renewal off and on for the card's owner", async () => {
    const record = await t.db.one<{ id: number }>(
      `SELECT cp.id FROM card_packages cp JOIN orders o ON o.id = cp.order_id WHERE cp.iccid = $1 AND o.renewal`,
      [CARD_V2_DEMO],
    );
    const body = { iccid: CARD_V2_DEMO, id: record?.id, renewal: false };
    expect((await post(t.app, '/pkg/update', body, { token: other.token })).body.code).toBe(10024);
    expect((await post(t.app, '/pkg/update', body)).body.code).toBe(10013);
    expect((await post(t.app, '/pkg/update', body, { token: demo.token })).body.code).toBe(10000);
    const card = await post<{ renewal: boolean }>(t.app, '/get/card', { flag: '2', iccid: CARD_V2_DEMO, lang: 'en' });
    expect(card.body.data.renewal).toBe(false);
    expect((await post(t.app, '/pkg/update', { ...body, renewal: true }, { token: demo.token })).body.code).toBe(10000);
    expect((await post(t.app, '/pkg/update', { ...body, id: 999_999 }, { token: demo.token })).body.code).toBe(10025);
  });
});

describe('the sandbox pay page (not a call)', () => {
  const open = () => openCardV3Order(t, { fresh: true });

  it('answers 404 for a malformed or unknown session, never a 5xx', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const malformed = await t.app.inject({
        method,
        url: '/eshop/pay/sandbox/..%2F..%2Fetc',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: method === 'POST' ? 'action=cancel' : undefined,
      });
      expect([malformed.statusCode, malformed.json().code]).toEqual([404, 10002]);
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/eshop/pay/sandbox/ses_unknownunknownunknown00' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Payment link not valid');
    const pay = await submitSandbox(t.app, `${SHOP}/eshop/pay/sandbox/ses_unknownunknownunknown00`, {
      action: 'pay',
      card: 'instant',
    });
    expect(pay.status).toBe(404);
  });

  it('refuses a form it does not know (400/10002) or a JSON body (415/10002), and the order stays open', async () => {
    const order = await open();
    const forms: Array<Record<string, string>> = [
      { action: 'pay', card: 'gold' },
      { action: 'refund' },
      { card: 'instant' },
    ];
    for (const fields of forms) {
      const answer = await submitSandbox(t.app, order.pay_url, fields);
      expect([answer.status, JSON.parse(answer.html).code]).toEqual([400, 10002]);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: pagePath(order.pay_url),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ action: 'pay', card: 'instant' }),
    });
    expect([json.statusCode, json.json().code]).toEqual([415, 10002]);
    expect((await orderRow(t.db, order.order_id))?.status).toBe('pending');
  });

  it('ends an expired session without charging (410), and one session never touches another order', async () => {
    const first = await open();
    const second = await open();
    expect(second.order_id).not.toBe(first.order_id);
    await t.db.query(`UPDATE sandbox_sessions SET expires_at = now() - interval '1 minute' WHERE order_id = $1`, [
      Number(first.order_id),
    ]);
    const expired = await submitSandbox(t.app, first.pay_url, { action: 'pay', card: 'instant' });
    expect(expired.status).toBe(410);
    expect(expired.html).toContain('Payment session expired');
    expect((await orderRow(t.db, first.order_id))?.status).toBe('pending');
    expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [Number(first.order_id)])).toBe(0);
    await submitSandbox(t.app, second.pay_url, { action: 'pay', card: 'instant' });
    expect((await orderRow(t.db, second.order_id))?.status).toBe('fulfilled');
    expect((await orderRow(t.db, first.order_id))?.status).toBe('pending');
  });
});
