import { LANGUAGE_CODES } from 'shared-contracts';
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
  category_label?: string;
  tag: string;
  left_tag: string;
  main_title: string;
  secondary_title: string;
  sub_title: string;
  subscribe_tips: string;
  mode: number;
  pkg_type_id: number;
  validity: string;
  validity_start: string;
  area: string;
}
interface PackageResponse {
  list: Array<{
    id: number;
    name: string;
    price: number;
    currency: string;
    renewDiscount: number;
    lang: string;
    desc: string;
    htu: string;
    tag: string;
    area: string;
  }>;
  newList: NewPackage[];
  recommendList: NewPackage[];
  typeList: string[];
  typeLabels?: Record<string, string>;
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

  it('translates by lang', async () => {
    const de = await getPkg('89880000000000000002', 'de', 'EUR');
    expect(de.data.newList.map((pkg) => pkg.name)).toContain('Europa 5 GB');
    const ja = await getPkg('89880000000000000002', 'ja', 'JPY');
    expect(ja.data.newList.map((pkg) => pkg.name)).toContain('ヨーロッパ 5GB');
    const fr = await getPkg('89880000000000000002', 'fr', 'EUR');
    expect(fr.data.newList.map((pkg) => pkg.name)).toContain('Europe 5 Go');
  });

  it('answers every package text, tag and category label in the language asked for (ar, de)', async () => {
    const en = await getPkg('89880000000000000002', 'en', 'USD');
    const ar = await getPkg('89880000000000000002', 'ar', 'USD');
    const de = await getPkg('89880000000000000002', 'de', 'USD');
    const byId = (body: typeof en, id: number) => body.data.newList.find((pkg) => pkg.id === id);
    const europe = en.data.newList.find((pkg) => pkg.name === 'Europe 5 GB')!;
    expect(byId(ar, europe.id)).toMatchObject({
      name: 'أوروبا 5 GB',
      secondary_title: '30 يومًا',
      tag: 'الأكثر مبيعًا',
      area: 'أوروبا (33 دولة، منها النمسا؛ لا تشمل أستراليا)',
      category: 'Recommend',
      category_label: 'موصى به',
    });
    expect(byId(de, europe.id)).toMatchObject({
      name: 'Europa 5 GB',
      secondary_title: '30 Tage',
      tag: 'Bestseller',
      category: 'Recommend',
      category_label: 'Empfohlen',
    });
    const monthly = en.data.newList.find((pkg) => pkg.name === 'Europe 20 GB monthly')!;
    expect(byId(de, monthly.id)).toMatchObject({
      left_tag: 'Automatisch verlängert',
      subscribe_tips: 'Verlängert sich automatisch um jeweils eine Laufzeit, bis Sie kündigen.',
    });
    // The category keys stay what the logic and ?type= match on; the labels come beside them.
    expect(ar.data.typeList).toEqual(en.data.typeList);
    expect(ar.data.recommendList.every((pkg) => pkg.category === 'Recommend')).toBe(true);
    expect(ar.data.typeLabels).toMatchObject({
      Recommend: 'موصى به',
      Europe: 'أوروبا',
      'Asia Pacific': 'آسيا والمحيط الهادئ',
    });
    expect(de.data.typeLabels).toMatchObject({ Recommend: 'Empfohlen', Europe: 'Europa' });
    expect(en.data.typeLabels).toMatchObject({ Recommend: 'Recommend', Europe: 'Europe' });
    expect(Object.keys(en.data.typeLabels ?? {})).toEqual(en.data.typeList.filter((key) => key !== 'All'));
  });

  it('has the demo catalogue in all 16 languages, none left in English where the language differs', async () => {
    const en = await getPkg('89880000000000000002', 'en', 'USD');
    for (const lang of LANGUAGE_CODES) {
      const body = await getPkg('89880000000000000002', lang, 'USD');
      expect(body.data.newList.map((pkg) => pkg.id)).toEqual(en.data.newList.map((pkg) => pkg.id));
      for (const pkg of body.data.newList) {
        expect(pkg).toMatchObject({ name: expect.any(String), main_title: expect.any(String) });
        expect(pkg.name).not.toBe('');
        expect(pkg.secondary_title).not.toBe('');
      }
      if (lang === 'en') continue;
      const english = new Map(en.data.newList.map((pkg) => [pkg.id, pkg]));
      // Day counts are words of each language ("30 days" is English only).
      expect(body.data.newList.every((pkg) => pkg.secondary_title !== english.get(pkg.id)?.secondary_title)).toBe(true);
      expect(body.data.newList.some((pkg) => pkg.area !== english.get(pkg.id)?.area)).toBe(true);
      expect(body.data.typeLabels?.Recommend).not.toBe('Recommend');
    }
  });

  it('translates the old list too (agent 1)', async () => {
    const en = await getPkg('89880000000000000101', 'en', 'USD');
    const es = await getPkg('89880000000000000101', 'es', 'USD');
    const europe = en.data.list.find((pkg) => pkg.name === 'Europe 5 GB')!;
    expect(es.data.list.find((pkg) => pkg.id === europe.id)).toMatchObject({
      name: 'Europa 5 GB',
      desc: '5 GB de datos de alta velocidad en 33 países europeos.',
      htu: 'La validez empieza cuando la tarjeta se conecta por primera vez a una red en el extranjero.',
      tag: 'Más vendido',
      lang: 'es',
    });
  });

  it('falls back to English field by field, and to English entirely for a language without texts', async () => {
    const category = await t.db.one<{ id: number }>(`SELECT id FROM package_categories WHERE name = 'Global'`);
    const type = await t.db.one<{ id: number }>(`SELECT id FROM package_types WHERE code = 'sim-europe'`);
    const row = await t.db.one<{ id: number }>(
      `INSERT INTO packages (code, pkg_type_id, category_id, validity_days, tag, left_tag, area, sort_order)
       VALUES ('fallback-test', $1, $2, 3, 'Plain tag', 'Plain left', 'Plain area', 99) RETURNING id`,
      [type?.id, category?.id],
    );
    const id = row!.id;
    await t.db.query(`INSERT INTO package_prices (package_id, currency, amount) VALUES ($1, 'USD', 100)`, [id]);
    await t.db.query(
      `INSERT INTO package_translations (package_id, lang, name, main_title, secondary_title, sub_title, tag)
       VALUES ($1, 'en', 'Fallback test', '100 MB', '3 days', 'English sub', 'English tag'),
              ($1, 'pl', 'Test zapasowy', NULL, '3 dni', '', NULL)`,
      [id],
    );
    try {
      const pl = (await getPkg('89880000000000000002', 'pl', 'USD')).data.newList.find((pkg) => pkg.id === id);
      expect(pl).toMatchObject({
        name: 'Test zapasowy',
        secondary_title: '3 dni',
        main_title: '100 MB',
        sub_title: 'English sub',
        tag: 'English tag',
        left_tag: 'Plain left',
        area: 'Plain area',
        category_label: 'Cały świat',
      });
      const tr = (await getPkg('89880000000000000002', 'tr', 'USD')).data.newList.find((pkg) => pkg.id === id);
      expect(tr).toMatchObject({ name: 'Fallback test', main_title: '100 MB', sub_title: 'English sub' });
    } finally {
      await t.db.query(`DELETE FROM packages WHERE id = $1`, [id]);
    }
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

  it('names the countries in the language asked for (English without one)', async () => {
    const types = await t.db.query<{ id: number; kind: string; code: string }>(
      `SELECT id, kind, code FROM package_types`,
    );
    const id = (code: string) => types.find((type) => type.code === code)?.id;
    const names = async (path: string, body: Record<string, unknown>) =>
      (await post<Coverage>(t.app, path, body)).body.data.countries.map((country) => country.name);
    expect(await names('/pkg/zoneInfo', { pkg_type_id: id('sim-europe') })).toContain('Austria');
    expect(await names('/pkg/zoneInfo', { pkg_type_id: id('sim-europe'), lang: 'de' })).toEqual(
      expect.arrayContaining(['Österreich', 'Deutschland', 'Frankreich']),
    );
    expect(await names('/pkg/zoneInfo', { pkg_type_id: id('sim-apac'), lang: 'ja' })).toEqual(
      expect.arrayContaining(['オーストラリア', '日本', 'タイ']),
    );
    expect(await names('/esim/productZoneInfo', { esim_product_id: id('esim-global'), lang: 'ar' })).toContain(
      'النمسا',
    );
    expect(await names('/v1/pool/zoneInfo', { pool_type_id: id('pool-europe'), lang: 'fr' })).toContain('Autriche');
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
