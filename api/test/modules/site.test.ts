import { LANGUAGE_CODES } from 'shared-contracts';
import { createTestApp, loginDemo, post, type TestApp } from '../helpers/app';

interface Notice {
  id: number;
  title: string;
  content: string;
  link: string;
  create: number;
  read: boolean;
}
interface NoticeResponse {
  notice: Notice | null;
  list: Notice[];
  unread: number;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('getConfig', () => {
  it.each(['/eshop', '/eshop/api'] as const)('answers the 16 languages and the currencies under %s', async (prefix) => {
    const { body } = await post<{ lang_list: string[]; ccy_list: string[]; login_url: string; production: boolean }>(
      t.app,
      '/get/config',
      { url: 'http://localhost:8080/2/89880000000000000001' },
      { prefix },
    );
    expect(body.code).toBe(10000);
    // The spec's 16 languages in its order (shared-contracts' languages test holds that list).
    expect(body.data.lang_list).toEqual([...LANGUAGE_CODES]);
    expect(body.data.ccy_list).toEqual(expect.arrayContaining(['USD', 'EUR', 'JPY', 'GBP']));
    expect(body.data.login_url).toBe('/user/login');
    expect(body.data.production).toBe(false);
  });

  it('falls back to defaults on an empty database', async () => {
    const empty = await createTestApp({ seed: false });
    try {
      const { body } = await post<{ lang_list: string[]; ccy_list: string[]; store_url: string }>(
        empty.app,
        '/get/config',
        { url: '' },
      );
      expect(body.data.lang_list).toHaveLength(16);
      expect(body.data.ccy_list[0]).toBe('USD');
      expect(body.data.store_url).toBe('/');
    } finally {
      await empty.close();
    }
  });

  it('leads the store to this shop and offers no app the demo does not have', async () => {
    const { body } = await post<{ android_download: string; ios_download: string; store_url: string }>(
      t.app,
      '/get/config',
      { url: 'http://localhost:8080/' },
    );
    expect(body.data).toMatchObject({ android_download: '', ios_download: '', store_url: '/' });
  });

  it('answers only http(s) or site links from the configuration', async () => {
    const before = await t.db.query<{ key: string; value: unknown }>(`SELECT key, value FROM config`);
    const set = (key: string, value: string) =>
      t.db.query(
        `INSERT INTO config (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [key, JSON.stringify(value)],
      );
    try {
      await set('store_url', 'https://partner.example/shop');
      await set('android_download', 'https://play.example/app');
      await set('ios_download', 'javascript:alert(1)');
      const ok = await post<{ android_download: string; ios_download: string; store_url: string }>(
        t.app,
        '/get/config',
        { url: '' },
      );
      expect(ok.body.data).toMatchObject({
        store_url: 'https://partner.example/shop',
        android_download: 'https://play.example/app',
        ios_download: '',
      });
      await set('store_url', '//evil.example/');
      const unsafe = await post<{ store_url: string }>(t.app, '/get/config', { url: '' });
      expect(unsafe.body.data.store_url).toBe('/');
    } finally {
      await t.db.query(`DELETE FROM config WHERE key IN ('store_url', 'android_download', 'ios_download')`);
      for (const row of before.filter((entry) => ['store_url'].includes(entry.key))) {
        await set(row.key, row.value as string);
      }
    }
  });
});

describe('checkNotice', () => {
  it('lists the global and agent notices for a card, newest first, in English', async () => {
    const { body } = await post<NoticeResponse>(t.app, '/get/notice', {
      iccid: '89880000000000000002',
      lang: 'en',
      ccy: 'USD',
    });
    expect(body.code).toBe(10000);
    const titles = body.data.list.map((notice) => notice.title);
    expect(titles).toEqual(['Planned maintenance', 'Welcome to the eSIM Shop']);
    expect(body.data.notice?.title).toBe('Planned maintenance');
    expect(body.data.unread).toBe(2);
  });

  it('adds the notice addressed to the card itself, for its owner only', async () => {
    const { token } = await loginDemo(t.app);
    const { body } = await post<NoticeResponse>(
      t.app,
      '/get/notice',
      { iccid: '89880000000000000007', lang: 'en' },
      { token },
    );
    expect(body.data.notice?.title).toBe('Your plan expires in 2 days');
    expect(body.data.list).toHaveLength(3);
    const other = await loginDemo(t.app, 'other@example.com', 'other-password-1');
    for (const options of [{}, { token: other.token }]) {
      const seen = await post<NoticeResponse>(
        t.app,
        '/get/notice',
        { iccid: '89880000000000000007', lang: 'en' },
        options,
      );
      expect(seen.body.data.list.map((notice) => notice.title)).not.toContain('Your plan expires in 2 days');
    }
  });

  it('translates where a translation exists', async () => {
    const { body } = await post<NoticeResponse>(t.app, '/get/notice', { lang: 'de' });
    expect(body.data.list.map((notice) => notice.title)).toEqual(['Willkommen im eSIM Shop']);
  });

  it('has the demo notices in every language, the card page alert included', async () => {
    const { token } = await loginDemo(t.app);
    const english = await post<NoticeResponse>(
      t.app,
      '/get/notice',
      { iccid: '89880000000000000007', lang: 'en' },
      { token },
    );
    for (const lang of LANGUAGE_CODES.filter((code) => code !== 'en')) {
      const { body } = await post<NoticeResponse>(
        t.app,
        '/get/notice',
        { iccid: '89880000000000000007', lang },
        { token },
      );
      expect(body.data.list).toHaveLength(3);
      body.data.list.forEach((notice, index) => {
        expect(notice.title).not.toBe(english.body.data.list[index]?.title);
        expect(notice.content).not.toBe(english.body.data.list[index]?.content);
      });
    }
    const ar = await post<NoticeResponse>(
      t.app,
      '/get/notice',
      { iccid: '89880000000000000007', lang: 'ar' },
      { token },
    );
    expect(ar.body.data.list.map((notice) => notice.title)).toEqual([
      'تنتهي خطتك خلال يومين',
      'صيانة مجدولة',
      'مرحبًا بك في eSIM Shop',
    ]);
  });

  it('marks notices read per user', async () => {
    const { token, user_id: userId } = await loginDemo(t.app);
    const welcome = await t.db.one<{ id: number }>(`SELECT id FROM notices WHERE title = 'Welcome to the eSIM Shop'`);
    await t.db.query(`INSERT INTO notice_reads (notice_id, user_id) VALUES ($1, $2)`, [welcome?.id, userId]);
    const { body } = await post<NoticeResponse>(t.app, '/get/notice', { lang: 'en' }, { token });
    expect(body.data.list).toEqual([expect.objectContaining({ title: 'Welcome to the eSIM Shop', read: true })]);
    expect(body.data.notice).toBeNull();
    expect(body.data.unread).toBe(0);
  });
});

describe('getActivityList', () => {
  it('groups adverts by adType for the card list position', async () => {
    const { body } = await post<{
      topList: unknown[];
      bannerList: Array<{ backgroundColor: string; image: string }>;
      floatList: unknown[];
      recallList: unknown[];
      popupList: Array<{ showNumber: number; showRule: number; btnText: string }>;
    }>(t.app, '/message/activity', { lang: 'en', position: 'index,sIMCard.TC' }, { prefix: '/eshop/api' });
    expect(body.code).toBe(10000);
    expect(body.data.topList).toHaveLength(1);
    expect(body.data.bannerList).toHaveLength(2);
    expect(body.data.bannerList[0]?.backgroundColor).toBe('#FFAC79');
    expect(body.data.bannerList[0]?.image).toMatch(/^data:image\/svg\+xml,/);
    expect(body.data.popupList).toEqual([
      expect.objectContaining({
        showNumber: 3,
        showRule: 86400,
        btnText: 'How to install',
        link: '/user/about#install',
      }),
    ]);
    expect(body.data.floatList).toHaveLength(1);
    expect(body.data.recallList).toHaveLength(1);
  });

  it('leaves the card-list-only top banner out elsewhere', async () => {
    const { body } = await post<{ topList: unknown[]; bannerList: unknown[] }>(t.app, '/message/activity', {
      iccid: '89880000000000000001',
      lang: 'en',
      position: 'cardDetail',
    });
    expect(body.data.topList).toHaveLength(0);
    expect(body.data.bannerList).toHaveLength(2);
  });
});
