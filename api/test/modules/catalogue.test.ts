import { createTestApp, loginDemo, post, type TestApp } from '../helpers/app';

interface NewPackage {
  id: number;
  name: string;
  price: number;
  discount_price: number;
  renew_price: number;
  currency: string;
  currency_symbol: string;
  category: string;
  mode: number;
  pkg_type_id: number;
  validity: string;
  validity_start: string;
  area: string;
}
interface PackageResponse {
  list: Array<{ id: number; name: string; price: number; currency: string; renewDiscount: number; lang: string }>;
  newList: NewPackage[];
  recommendList: NewPackage[];
  typeList: string[];
}
interface Coverage {
  countries: Array<{ name: string; img: string; operators: Array<{ name: string; networkType: string }> }>;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const getPkg = (iccid: string, lang: string, ccy: string) =>
  post<PackageResponse>(t.app, '/get/pkg', { iccid, lang, ccy }).then((response) => response.body);

describe('getPkg', () => {
  it('gives version-2 agents the new list, recommendations and typeList with All first', async () => {
    const body = await getPkg('89880000000000000002', 'en', 'USD');
    expect(body.code).toBe(10000);
    expect(body.data.list).toEqual([]);
    expect(body.data.typeList[0]).toBe('All');
    expect(body.data.typeList).toEqual(expect.arrayContaining(['All', 'Recommend', 'Europe', 'Asia Pacific']));
    expect(new Set(body.data.typeList).size).toBe(body.data.typeList.length);
    expect(body.data.newList.length).toBeGreaterThanOrEqual(5);
    expect(body.data.recommendList.length).toBeGreaterThanOrEqual(2);
    expect(body.data.recommendList.every((pkg) => pkg.category === 'Recommend')).toBe(true);
    // SIM cards get SIM packages only; the partner's package is not offered to agent 2 cards.
    expect(body.data.newList.map((pkg) => pkg.name)).not.toContain('Japan 3 GB (Acme)');
    expect(body.data.newList.map((pkg) => pkg.name)).not.toContain('eSIM Global 3 GB');
    const europe = body.data.newList.find((pkg) => pkg.name === 'Europe 5 GB');
    expect(europe).toMatchObject({
      price: 1500,
      discount_price: 1290,
      renew_price: 1350,
      currency: 'USD',
      currency_symbol: '$',
      validity: '30 days',
      validity_start: 'first_use',
    });
    expect(europe?.area).toContain('Austria');
    const monthly = body.data.newList.find((pkg) => pkg.name === 'Europe 20 GB monthly');
    expect(monthly?.mode).toBe(2);
  });

  it('gives version-1 agents the old list only', async () => {
    const body = await getPkg('89880000000000000101', 'en', 'USD');
    expect(body.data.newList).toEqual([]);
    expect(body.data.recommendList).toEqual([]);
    expect(body.data.typeList).toEqual([]);
    expect(body.data.list.length).toBeGreaterThanOrEqual(5);
    expect(body.data.list[0]).toMatchObject({ currency: 'USD', lang: 'en' });
    expect(typeof body.data.list[0]?.renewDiscount).toBe('number');
  });

  it('prices in the requested currency (EUR, JPY)', async () => {
    const eur = await getPkg('89880000000000000002', 'en', 'EUR');
    expect(eur.data.newList.every((pkg) => pkg.currency === 'EUR')).toBe(true);
    expect(eur.data.newList.find((pkg) => pkg.name === 'Europe 5 GB')?.currency_symbol).toBe('€');
    const jpy = await getPkg('89880000000000000002', 'en', 'JPY');
    expect(jpy.data.newList.find((pkg) => pkg.name === 'Europe 5 GB')).toMatchObject({ price: 2200, currency: 'JPY' });
  });

  it("falls back to the agent's currency when the package has no price in the requested one", async () => {
    const gbp = await getPkg('89880000000000000002', 'en', 'GBP');
    expect(gbp.data.newList.length).toBeGreaterThan(0);
    expect(gbp.data.newList.every((pkg) => pkg.currency === 'USD')).toBe(true);
    const partner = await getPkg('89880000000000000901', 'en', 'USD');
    const acme = partner.data.newList.find((pkg) => pkg.name === 'Japan 3 GB (Acme)');
    expect(acme).toMatchObject({ currency: 'JPY', price: 1980, currency_symbol: '¥' });
  });

  it('translates by lang and falls back to English', async () => {
    const de = await getPkg('89880000000000000002', 'de', 'EUR');
    expect(de.data.newList.map((pkg) => pkg.name)).toContain('Europa 5 GB');
    const ja = await getPkg('89880000000000000002', 'ja', 'JPY');
    expect(ja.data.newList.map((pkg) => pkg.name)).toContain('ヨーロッパ 5GB');
    const fr = await getPkg('89880000000000000002', 'fr', 'EUR');
    expect(fr.data.newList.map((pkg) => pkg.name)).toContain('Europe 5 GB');
  });

  it('offers eSIM packages to eSIM profile cards', async () => {
    const body = await getPkg('89880000000000000201', 'en', 'USD');
    expect(body.data.newList.map((pkg) => pkg.name)).toEqual(
      expect.arrayContaining(['eSIM Global 3 GB', 'eSIM Europe 10 GB']),
    );
    expect(body.data.newList.find((pkg) => pkg.name === 'eSIM Global 3 GB')?.validity_start).toBe('install');
  });

  it('answers 10102 for an unknown card and 10002 for an unknown language', async () => {
    expect((await getPkg('89880000000000009999', 'en', 'USD')).code).toBe(10102);
    const { status, body } = await post(t.app, '/get/pkg', { iccid: '89880000000000000002', lang: 'xx', ccy: 'USD' });
    expect(status).toBe(400);
    expect(body.code).toBe(10002);
  });
});

describe('getProductCountry', () => {
  it.each(['/eshop', '/eshop/api'] as const)(
    'lists countries with operators for a pkg_type_id (%s)',
    async (prefix) => {
      const { body: pkgs } = await post<PackageResponse>(t.app, '/get/pkg', {
        iccid: '89880000000000000002',
        lang: 'en',
        ccy: 'USD',
      });
      const europe = pkgs.data.newList.find((pkg) => pkg.name === 'Europe 5 GB');
      const { body } = await post<Coverage>(t.app, '/pkg/zoneInfo', { pkg_type_id: europe?.pkg_type_id }, { prefix });
      expect(body.code).toBe(10000);
      const names = body.data.countries.map((country) => country.name);
      expect(names).toContain('Austria');
      expect(names).not.toContain('Australia');
      const austria = body.data.countries.find((country) => country.name === 'Austria');
      expect(austria?.operators).toEqual(expect.arrayContaining([{ name: 'A1', networkType: '5G' }]));
      expect(austria?.img).toMatch(/^data:image\/svg\+xml,/);
    },
  );

  it('keeps Australia apart from Austria (Asia Pacific type)', async () => {
    const { body: pkgs } = await post<PackageResponse>(t.app, '/get/pkg', {
      iccid: '89880000000000000002',
      lang: 'en',
      ccy: 'USD',
    });
    const apac = pkgs.data.newList.find((pkg) => pkg.name === 'Asia Pacific 10 GB');
    const { body } = await post<Coverage>(t.app, '/pkg/zoneInfo', { pkg_type_id: apac?.pkg_type_id, lang: 'en' });
    const names = body.data.countries.map((country) => country.name);
    expect(names).toContain('Australia');
    expect(names).not.toContain('Austria');
  });

  it('answers for esim_product_id and pool_type_id, and an empty list for an unknown id', async () => {
    const types = await t.db.query<{ id: number; kind: string }>(`SELECT id, kind FROM package_types`);
    const esim = types.find((type) => type.kind === 'esim');
    const pool = types.find((type) => type.kind === 'pool');
    const esimCoverage = await post<Coverage>(t.app, '/pkg/zoneInfo', { esim_product_id: esim?.id });
    expect(esimCoverage.body.data.countries.map((country) => country.name)).toEqual(
      expect.arrayContaining(['Austria', 'Australia']),
    );
    const poolCoverage = await post<Coverage>(t.app, '/pkg/zoneInfo', { pool_type_id: pool?.id });
    expect(poolCoverage.body.data.countries.length).toBeGreaterThan(0);
    // A pool type asked for as an eSIM product is not one.
    const wrongKind = await post<Coverage>(t.app, '/pkg/zoneInfo', { esim_product_id: pool?.id });
    expect(wrongKind.body.data.countries).toEqual([]);
    const unknown = await post<Coverage>(t.app, '/pkg/zoneInfo', { pkg_type_id: 999_999 });
    expect(unknown.body).toEqual({ code: 10000, message: 'success', data: { countries: [] } });
  });

  it('rejects two ids at once or none with 10002', async () => {
    expect((await post(t.app, '/pkg/zoneInfo', { pkg_type_id: 1, pool_type_id: 2 })).body.code).toBe(10002);
    expect((await post(t.app, '/pkg/zoneInfo', {})).body.code).toBe(10002);
  });
});

describe('getPoolPkgList', () => {
  interface PoolPlans {
    list: Array<{
      id: number;
      main_title: string;
      secondary_title: string;
      pool_lines: number;
      price_str: string;
      price: number;
      currency: string;
      currency_symbol: string;
      pool_type_id: number;
    }>;
  }

  it('lists the shared-pool plans of the card’s store, priced in the currency asked for', async () => {
    const { body } = await post<PoolPlans>(t.app, '/v1/pool/pkg/list', { iccid: '89880000000000000002', ccy: 'EUR' });
    expect(body.code).toBe(10000);
    expect(body.data.list).toEqual([
      expect.objectContaining({
        main_title: '50 GB',
        secondary_title: 'up to 5 cards',
        pool_lines: 5,
        price: 5500,
        currency: 'EUR',
        currency_symbol: '€',
      }),
    ]);
    expect(body.data.list[0]!.price_str).toMatch(/55/);
  });

  it('translates the plan and leaves SIM packages out', async () => {
    const { body } = await post<PoolPlans>(t.app, '/v1/pool/pkg/list', {
      iccid: '89880000000000000002',
      ccy: 'USD',
      lang: 'de',
    });
    expect(body.data.list.map((plan) => plan.secondary_title)).toEqual(['bis zu 5 Karten']);
  });

  it('refuses malformed input with the parameter error, never a 500', async () => {
    for (const body of [{ iccid: 'abc', ccy: 'USD' }, { ccy: 'USD', extra: 1 }, { iccid: '89880000000000000002' }]) {
      const { status, body: answer } = await post(t.app, '/v1/pool/pkg/list', body);
      expect(status).toBeLessThan(500);
      expect([10001, 10002]).toContain(answer.code);
    }
  });

  it('answers card not found for an unknown ICCID and asks for a login for a pool id', async () => {
    const unknown = await post(t.app, '/v1/pool/pkg/list', { iccid: '89880000000000009999', ccy: 'USD' });
    expect(unknown.body.code).toBe(10102);
    const anonymous = await post(t.app, '/v1/pool/pkg/list', { pool_object_id: 'demo-pool-1', ccy: 'USD' });
    expect(anonymous.body.code).toBe(10013);
  });

  it('lists plans for the owner of a pool and refuses another account', async () => {
    const demo = await loginDemo(t.app);
    const own = await post<PoolPlans>(
      t.app,
      '/v1/pool/pkg/list',
      { pool_object_id: 'demo-pool-1', ccy: 'USD' },
      { token: demo.token },
    );
    expect(own.body.code).toBe(10000);
    expect(own.body.data.list.length).toBe(1);
    const other = await loginDemo(t.app, 'other@example.com', 'other-password-1');
    const refused = await post(
      t.app,
      '/v1/pool/pkg/list',
      { pool_object_id: 'demo-pool-1', ccy: 'USD' },
      { token: other.token },
    );
    expect(refused.body.code).toBe(10024);
  });
});
