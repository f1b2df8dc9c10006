import { LANGUAGE_CODES } from 'shared-contracts';
import { type Db } from '../src/db/index';
import { migrate } from '../src/db/migrate';
import { DEMO_EID, DEMO_POOL_ID, demoCards, isEmpty, seed } from '../src/seed';
import { createTestDb } from './helpers/app';

let db: Db;
beforeAll(async () => {
  db = await createTestDb({ migrated: true });
  await migrate(db);
});
afterAll(async () => db.close());

describe('demo seed', () => {
  it('loads into an empty database only', async () => {
    expect(await isEmpty(db)).toBe(true);
    expect(await seed(db)).toBe(true);
    expect(await seed(db)).toBe(false);
    expect(await isEmpty(db)).toBe(false);
  });

  it('has every demo card with a memorable ICCID of 19-20 characters', async () => {
    expect(demoCards.length).toBeGreaterThanOrEqual(10);
    for (const card of demoCards) {
      expect(card.iccid).toMatch(/^\d{19,20}$/);
      expect(card.description.length).toBeGreaterThan(10);
      const row = await db.one<{ agent_flag: string }>(`SELECT agent_flag FROM cards WHERE iccid = $1`, [card.iccid]);
      expect(row?.agent_flag).toBe(card.flag);
    }
    expect(DEMO_EID).toMatch(/^\d{32}$/);
  });

  it('covers the kinds and states the screens need', async () => {
    const agents = await db.query<{ version: number }>(`SELECT DISTINCT version FROM agents ORDER BY version`);
    expect(agents.map((row) => row.version)).toEqual([1, 2, 3]);
    const statuses = await db.query<{ status: string }>(`SELECT DISTINCT status FROM cards ORDER BY status`);
    expect(statuses.map((row) => row.status)).toEqual(['Activated', 'Ready', 'Suspension']);
    const flags = await db.one<Record<string, number>>(
      `SELECT count(*) FILTER (WHERE unlimited)::int AS unlimited, count(*) FILTER (WHERE kind = 2)::int AS limited,
              count(*) FILTER (WHERE is_third_party)::int AS third_party,
              count(*) FILTER (WHERE user_id IS NOT NULL)::int AS bound, count(*) FILTER (WHERE user_id IS NULL)::int AS unbound,
              count(*) FILTER (WHERE card_kind = 2)::int AS profiles
         FROM cards`,
    );
    for (const value of Object.values(flags ?? {})) expect(value).toBeGreaterThan(0);
    // The card list's batch bind dialog has something to offer the demo user.
    const unboundForDemo = await db.query(
      `SELECT iccid FROM cards WHERE user_id IS NULL AND lower(email) = 'demo@example.com' ORDER BY iccid`,
    );
    expect(unboundForDemo.length).toBeGreaterThanOrEqual(1);
    const profiles = await db.query(`SELECT action FROM esim_profiles WHERE eid = $1`, [DEMO_EID]);
    expect(profiles.length).toBe(3);
    const members = await db.query(
      `SELECT m.iccid FROM pool_members m JOIN pools p ON p.id = m.pool_id WHERE p.pool_object_id = $1`,
      [DEMO_POOL_ID],
    );
    expect(members.length).toBe(2);
    const currencies = await db.query<{ currency: string }>(`SELECT DISTINCT currency FROM package_prices ORDER BY 1`);
    expect(currencies.map((row) => row.currency)).toEqual(expect.arrayContaining(['EUR', 'JPY', 'USD']));
    const categories = await db.query<{ name: string }>(
      `SELECT DISTINCT c.name FROM packages p JOIN package_categories c ON c.id = p.category_id`,
    );
    expect(categories.length).toBeGreaterThanOrEqual(3);
    expect(categories.map((row) => row.name)).toContain('Recommend');
    const langs = await db.query<{ lang: string }>(`SELECT DISTINCT lang FROM package_translations ORDER BY 1`);
    expect(langs.map((row) => row.lang)).toEqual([...LANGUAGE_CODES].sort());
    const banners = await db.query(`SELECT 1 FROM activities WHERE ad_type = 2 AND background_color IS NOT NULL`);
    expect(banners.length).toBeGreaterThan(0);
    const popups = await db.query(`SELECT 1 FROM activities WHERE ad_type = 1 AND show_number > 0 AND show_rule > 0`);
    expect(popups.length).toBe(1);
    const countries = await db.query<{ name: string }>(`SELECT name FROM countries`);
    expect(countries.map((row) => row.name)).toEqual(expect.arrayContaining(['Austria', 'Australia']));
  });

  it('reseeds from scratch on request', async () => {
    await db.query(`DELETE FROM cards WHERE iccid = '89880000000000000002'`);
    expect(await seed(db, { reset: true })).toBe(true);
    expect(await db.one(`SELECT 1 AS found FROM cards WHERE iccid = '89880000000000000002'`)).toEqual({ found: 1 });
    const users = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM users`);
    expect(users?.n).toBe(2);
  });

  it('carries every operator text in all 16 languages', async () => {
    const count = LANGUAGE_CODES.length;
    const missing = async (sql: string) => (await db.query<{ id: number }>(sql)).map((row) => row.id);
    // Each package, category, advert and notice: one text per language (English in the row itself where noted).
    expect(
      await missing(`SELECT p.id FROM packages p LEFT JOIN package_translations t ON t.package_id = p.id
                      GROUP BY p.id HAVING count(t.lang) <> ${count}`),
    ).toEqual([]);
    expect(
      await missing(`SELECT p.id FROM packages p JOIN package_translations t ON t.package_id = p.id
                      WHERE t.name = '' OR t.main_title IS NULL OR t.secondary_title IS NULL OR t.description IS NULL
                         OR t.htu IS NULL OR t.area IS NULL OR (p.tag IS NOT NULL AND t.tag IS NULL)
                         OR (p.left_tag IS NOT NULL AND t.left_tag IS NULL)
                         OR (p.mode = 2 AND t.subscribe_tips IS NULL)`),
    ).toEqual([]);
    expect(
      await missing(`SELECT c.id FROM package_categories c LEFT JOIN package_category_translations t
                      ON t.category_id = c.id GROUP BY c.id HAVING count(t.lang) <> ${count}`),
    ).toEqual([]);
    expect(
      await missing(`SELECT a.id FROM activities a LEFT JOIN activity_translations t ON t.activity_id = a.id
                      GROUP BY a.id HAVING count(t.lang) <> ${count - 1}`),
    ).toEqual([]);
    expect(
      await missing(`SELECT n.id FROM notices n LEFT JOIN notice_translations t ON t.notice_id = n.id
                      GROUP BY n.id HAVING count(t.lang) <> ${count - 1}`),
    ).toEqual([]);
  });

  it('links only to pages of this shop: no example.com, no customer card, no app that does not exist', async () => {
    const links = await db.query<{ link: string }>(`SELECT link FROM activities`);
    expect(links.length).toBeGreaterThan(0);
    for (const { link } of links) {
      expect(link).toMatch(/^\/(?!\/)/);
      expect(link).not.toMatch(/example\.com|\/8988\d+/);
    }
    const config = await db.query<{ key: string; value: unknown }>(`SELECT key, value FROM config`);
    const values = Object.fromEntries(config.map((row) => [row.key, row.value]));
    expect(values).not.toHaveProperty('android_download');
    expect(values).not.toHaveProperty('ios_download');
    expect(values.store_url).toBe('/');
    expect(JSON.stringify(values)).not.toMatch(/example\.com/);
  });
});
