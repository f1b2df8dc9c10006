import { safeLink, withQuery } from '../../src/lib/links';
import { createTestApp, loginDemo, post, type TestApp } from '../helpers/app';

// Activity calls around message/activity, notices, events and the support click (issue 3, server).

const BOUND = '89880000000000000001';
const READY = '89880000000000000002';
const SPEED_LIMITED = '89880000000000000005';
const IN_POOL = '89880000000000000007';
const UNKNOWN = '89880000000000009999';

interface Notice {
  id: number;
  title: string;
  link: string;
  read: boolean;
}

let t: TestApp;
let demo: { token: string; user_id: number };
let other: { token: string; user_id: number };

async function advertId(title: string): Promise<number> {
  const row = await t.db.one<{ id: number }>(`SELECT id FROM activities WHERE title = $1`, [title]);
  return row?.id ?? 0;
}
async function noticeId(title: string): Promise<number> {
  const row = await t.db.one<{ id: number }>(`SELECT id FROM notices WHERE title = $1`, [title]);
  return row?.id ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await loginDemo(t.app);
  other = await loginDemo(t.app, 'other@example.com', 'other-password-1');
  await t.db.query(
    `INSERT INTO activities (ad_type, title, image, link) VALUES
       (2, 'Script banner', 'x', 'javascript:alert(1)'), (3, 'Data gift', 'x', 'data:text/html,hi'),
       (2, 'Protocol-relative', 'x', '//evil.example.com/'), (3, 'Partner gift', 'x', 'https://partner.example/gift')`,
  );
});
afterAll(async () => t.close());

describe('links from data', () => {
  it('keeps http(s) URLs and site paths only', () => {
    expect(safeLink('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeLink('http://example.com')).toBe('http://example.com');
    expect(safeLink('/2/89880000000000000002?type=Europe')).toBe('/2/89880000000000000002?type=Europe');
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,x',
      '//evil.com',
      '/\\evil.com',
    ]) {
      expect(safeLink(bad)).toBe('');
    }
    expect(safeLink('https://exa\nmple.com')).toBe('');
    expect(safeLink(null)).toBe('');
    expect(withQuery('https://example.com/gift?a=1', { iccid: READY })).toBe(
      `https://example.com/gift?a=1&iccid=${READY}`,
    );
    expect(withQuery('/support', { email: 'a@b.co', iccid: undefined })).toBe('/support?email=a%40b.co');
    expect(withQuery('javascript:x', { iccid: READY })).toBe('');
  });

  it('drops other links from the activity lists', async () => {
    const { body } = await post<{
      bannerList: Array<{ title: string; link: string }>;
      floatList: Array<{ id: number; link: string }>;
    }>(t.app, '/message/activity', { lang: 'en', position: 'cardDetail' });
    // Float items carry their advert id, so the gift can ask for its link with the card (linkData).
    expect(body.data.floatList.every((item) => Number.isInteger(item.id))).toBe(true);
    const links = Object.fromEntries(body.data.bannerList.map((banner) => [banner.title, banner.link]));
    expect(links['Script banner']).toBe('');
    expect(links['Protocol-relative']).toBe('');
    // No card named: a link for the card on screen opens the shop's start page, where a card is entered.
    expect(links['Europe from $12.90']).toBe('/');
    expect(body.data.floatList.map((item) => item.link).sort()).toEqual(['', '/', 'https://partner.example/gift']);
  });
});

describe('demo adverts lead to real pages of the shop', () => {
  type Lists = Record<
    'topList' | 'bannerList' | 'floatList' | 'recallList' | 'popupList',
    Array<{ link: string; title?: string }>
  >;
  const everyLink = (lists: Lists) => Object.values(lists).flatMap((list) => list.map((item) => item.link));

  it("lead to the caller's own card, never to another customer's", async () => {
    const { body } = await post<Lists>(
      t.app,
      '/message/activity',
      { iccid: SPEED_LIMITED, lang: 'en', position: 'index,sIMCard.TC' },
      { prefix: '/eshop/api' },
    );
    const links = Object.fromEntries(body.data.bannerList.map((banner) => [banner.title, banner.link]));
    expect(links['Europe from $12.90']).toBe(`/2/${SPEED_LIMITED}?type=Europe`);
    expect(links['Unlimited week']).toBe(`/2/${SPEED_LIMITED}?type=Recommend`);
    expect(body.data.topList[0]?.link).toBe(`/2/${SPEED_LIMITED}?type=Europe`);
    expect(body.data.recallList[0]?.link).toBe(`/2/${SPEED_LIMITED}?mode=search`);
    expect(body.data.popupList[0]?.link).toBe('/user/about#install');
    for (const link of everyLink(body.data)) {
      if (/^\/2\/\d+/.test(link)) expect(link.startsWith(`/2/${SPEED_LIMITED}`)).toBe(true);
    }
  });

  it('are site paths (no example.com, no other customer) for every language and card', async () => {
    const seeded = await t.db.query<{ link: string }>(`SELECT link FROM activities WHERE title NOT IN
      ('Script banner', 'Data gift', 'Protocol-relative', 'Partner gift')`);
    expect(seeded.length).toBe(6);
    for (const { link } of seeded) {
      expect(link).toMatch(/^\/(?!\/)/);
      expect(link).not.toMatch(/example\.com|8988\d{15,16}/);
    }
    for (const iccid of [undefined, READY, BOUND]) {
      const { body } = await post<Lists>(t.app, '/message/activity', {
        lang: 'he',
        position: 'index,cardDetail',
        ...(iccid ? { iccid } : {}),
      });
      for (const link of everyLink(body.data)) {
        expect(link).not.toMatch(/example\.com/);
        const card = /^\/2\/(\d+)/.exec(link)?.[1];
        if (card) expect(card).toBe(iccid);
      }
    }
  });
});

describe('adverts in the language asked for', () => {
  interface Lists {
    topList: Array<{ title: string; image: string }>;
    bannerList: Array<{ title: string; image: string }>;
    recallList: Array<{ title: string; image: string }>;
    popupList: Array<{ title: string; btnText: string; image: string }>;
  }
  const lists = async (lang: string) =>
    (await post<Lists>(t.app, '/message/activity', { iccid: SPEED_LIMITED, lang, position: 'index' })).body.data;

  it('translates titles, buttons and pictures (ar, de), keeping the English for English', async () => {
    const en = await lists('en');
    const ar = await lists('ar');
    const de = await lists('de');
    expect(en.topList[0]?.title).toBe('Summer in Europe');
    expect(ar.topList[0]?.title).toBe('صيف في أوروبا');
    expect(de.topList[0]?.title).toBe('Sommer in Europa');
    expect(ar.bannerList.map((banner) => banner.title)).toEqual(
      expect.arrayContaining(['أوروبا ابتداءً من 12.90 $', 'أسبوع غير محدود']),
    );
    expect(de.popupList[0]).toMatchObject({
      title: 'Legen Sie den eSIM Shop auf Ihren Startbildschirm',
      btnText: 'So geht’s',
    });
    expect(ar.recallList[0]?.title).toBe('باقة بيانات مجانية لمدة 30 يومًا لحاملي الشرائح المتأثرة');
    // The picture carries the title: in Arabic, right to left.
    const picture = decodeURIComponent(ar.topList[0]!.image);
    expect(picture).toContain('صيف في أوروبا');
    expect(picture).toContain('direction="rtl"');
    expect(decodeURIComponent(en.topList[0]!.image)).toContain('Summer in Europe');
  });

  it('has every advert in all 16 languages', async () => {
    const english = await lists('en');
    for (const lang of ['ar', 'de', 'es', 'fr', 'he', 'id', 'it', 'ja', 'ko', 'pl', 'pt', 'th', 'tr', 'vi', 'zh']) {
      const translated = await lists(lang);
      for (const key of ['topList', 'bannerList', 'recallList', 'popupList'] as const) {
        expect(translated[key].length).toBe(english[key].length);
        translated[key].forEach((item, index) => {
          const title = english[key][index]?.title ?? '';
          // The adverts this file adds have English only (they fall back to it); every seeded one is translated.
          if (!['Script banner', 'Protocol-relative'].includes(title)) expect(item.title).not.toBe(title);
        });
      }
    }
  });

  it('falls back to English per field', async () => {
    const recall = await advertId('Free 30-day data plan for affected SIM holders');
    await t.db.query(
      `UPDATE activity_translations SET image = NULL, title = '' WHERE activity_id = $1 AND lang = 'it'`,
      [recall],
    );
    const it = await lists('it');
    const en = await lists('en');
    expect(it.recallList[0]).toEqual(en.recallList[0]);
  });

  it('fits the picture text inside the picture (the recall offer was cut off at both sides)', async () => {
    for (const lang of ['en', 'de', 'fr', 'ar', 'ja']) {
      const svg = decodeURIComponent((await lists(lang)).topList[0]!.image);
      expect(svg).toMatch(/^data:image\/svg\+xml,<svg /);
    }
    const row = await t.db.one<{ image: string }>(`SELECT image FROM activities WHERE ad_type = 5`);
    const svg = decodeURIComponent(row!.image);
    const width = Number(/viewBox="0 0 (\d+) /.exec(svg)?.[1]);
    const lines = [...svg.matchAll(/font-size="(\d+)"[^>]*>([^<]*)</g)];
    expect(lines.length).toBeGreaterThan(1);
    for (const [, size, text] of lines) {
      // At most 0.62 em a character, the longest line stays within the picture's width with a margin.
      expect(Number(size) * 0.62 * text!.length).toBeLessThanOrEqual(width * 0.9);
    }
  });
});

describe('activityLinkData', () => {
  it("answers the advert link for the caller's card, with the ICCID on external gift and recall links", async () => {
    const banner = await post<{ link: string }>(t.app, '/message/activity/linkData', {
      id: await advertId('Unlimited week'),
      iccid: READY,
    });
    expect(banner.body).toEqual({ code: 10000, message: 'success', data: { link: `/2/${READY}?type=Recommend` } });
    const gift = await post<{ link: string }>(t.app, '/message/activity/linkData', {
      id: await advertId('Gift'),
      iccid: READY,
    });
    expect(gift.body.data.link).toBe(`/2/${READY}?type=Recommend`);
    const plain = await post<{ link: string }>(t.app, '/message/activity/linkData', { id: await advertId('Gift') });
    expect(plain.body.data.link).toBe('/');
    const partner = await post<{ link: string }>(t.app, '/message/activity/linkData', {
      id: await advertId('Partner gift'),
      iccid: READY,
    });
    expect(partner.body.data.link).toBe(`https://partner.example/gift?iccid=${READY}`);
    const recall = await post<{ link: string }>(t.app, '/message/activity/linkData', {
      id: await advertId('Free 30-day data plan for affected SIM holders'),
      iccid: SPEED_LIMITED,
    });
    expect(recall.body.data.link).toBe(`/2/${SPEED_LIMITED}?mode=search`);
  });

  it('never answers an unsafe link', async () => {
    for (const title of ['Script banner', 'Data gift', 'Protocol-relative']) {
      const { body } = await post<{ link: string }>(t.app, '/message/activity/linkData', { id: await advertId(title) });
      expect(body.data.link).toBe('');
    }
  });

  it('answers 10025 for an unknown advert, 10102 for an unknown card, 10024 for another account card', async () => {
    expect((await post(t.app, '/message/activity/linkData', { id: 999999 })).body.code).toBe(10025);
    const gift = await advertId('Gift');
    expect((await post(t.app, '/message/activity/linkData', { id: gift, iccid: UNKNOWN })).body.code).toBe(10102);
    const others = await post(t.app, '/message/activity/linkData', { id: gift, iccid: BOUND }, { token: other.token });
    expect(others.body).toEqual({ code: 10024, message: 'this belongs to another account', data: null });
    const own = await post(t.app, '/message/activity/linkData', { id: gift, iccid: BOUND }, { token: demo.token });
    expect(own.body.code).toBe(10000);
  });
});

describe('activityRead', () => {
  it('marks a notice read for the user; a visitor call stores nothing', async () => {
    const id = await noticeId('Planned maintenance');
    expect((await post(t.app, '/message/activity/read', { id })).body.code).toBe(10000);
    expect(await t.db.query(`SELECT 1 FROM notice_reads WHERE notice_id = $1`, [id])).toHaveLength(0);
    expect((await post(t.app, '/message/activity/read', { id }, { token: demo.token })).body.code).toBe(10000);
    expect((await post(t.app, '/message/activity/read', { id }, { token: demo.token })).body.code).toBe(10000);
    const { body } = await post<{ list: Notice[] }>(
      t.app,
      '/get/notice',
      { iccid: READY, lang: 'en' },
      { token: demo.token },
    );
    expect(body.data.list.find((notice) => notice.id === id)?.read).toBe(true);
  });

  it('refuses the notice of another account card and answers 10025 for an unknown one', async () => {
    const id = await noticeId('Your plan expires in 2 days');
    const { body } = await post(t.app, '/message/activity/read', { id }, { token: other.token });
    expect(body).toEqual({ code: 10024, message: 'this belongs to another account', data: null });
    expect((await post(t.app, '/message/activity/read', { id }, { token: demo.token })).body.code).toBe(10000);
    expect((await post(t.app, '/message/activity/read', { id: 999999 })).body.code).toBe(10025);
  });
});

describe('notifyDetail', () => {
  interface NoticeDetail extends Notice {
    content: string;
    create: number;
  }
  const detail = (body: unknown, token?: string) =>
    post<NoticeDetail>(t.app, '/v1/message/notifyDetail', body, { token });

  it('answers a public notice to anyone, in the asked language, and marks it read for an account only', async () => {
    const id = await noticeId('Welcome to the eSIM Shop');
    const visitor = await detail({ id, lang: 'en' });
    expect(visitor.body).toEqual({
      code: 10000,
      message: 'success',
      data: {
        id,
        title: 'Welcome to the eSIM Shop',
        content: expect.stringContaining('Top up any card'),
        link: expect.any(String),
        create: expect.any(Number),
        read: false,
      },
    });
    expect(await t.db.query(`SELECT 1 FROM notice_reads WHERE notice_id = $1`, [id])).toHaveLength(0);

    const german = await detail({ id, lang: 'de' }, other.token);
    expect(german.body.data.title).not.toBe('Welcome to the eSIM Shop');
    expect(german.body.data.read).toBe(true);
    const list = await post<{ list: Notice[] }>(t.app, '/get/notice', { lang: 'en' }, { token: other.token });
    expect(list.body.data.list.find((notice) => notice.id === id)?.read).toBe(true);
    // Without a language: the notice's own text.
    expect((await detail({ id })).body.data.title).toBe('Welcome to the eSIM Shop');
  });

  it("answers a user's notice to that user only", async () => {
    const row = await t.db.one<{ id: number }>(
      `INSERT INTO notices (user_id, title, content) VALUES ($1, 'Your refund', 'Refund of order 42 sent.') RETURNING id`,
      [demo.user_id],
    );
    const id = row?.id ?? 0;
    const stranger = await detail({ id, lang: 'en' }, other.token);
    expect(stranger.body).toEqual({ code: 10024, message: 'this belongs to another account', data: null });
    const visitor = await detail({ id, lang: 'en' });
    expect(visitor.body).toEqual({ code: 10024, message: 'log in with the account this belongs to', data: null });
    expect(JSON.stringify([stranger.body, visitor.body])).not.toContain('Refund');
    const own = await detail({ id, lang: 'en' }, demo.token);
    expect(own.body.data).toMatchObject({ id, title: 'Your refund', content: 'Refund of order 42 sent.', read: true });
  });

  it("answers a bound card's notice to the card's owner only", async () => {
    const id = await noticeId('Your plan expires in 2 days');
    expect((await detail({ id, lang: 'en', iccid: IN_POOL }, other.token)).body.code).toBe(10024);
    expect((await detail({ id, lang: 'en', iccid: IN_POOL })).body.code).toBe(10024);
    expect((await detail({ id, lang: 'en' }, demo.token)).body.data).toMatchObject({ id, read: true });
  });

  it("answers an unbound card's notice to whoever names the card", async () => {
    const card = await t.db.one<{ iccid: string }>(
      `SELECT iccid FROM cards WHERE user_id IS NULL AND iccid <> $1 ORDER BY iccid LIMIT 1`,
      [READY],
    );
    const row = await t.db.one<{ id: number }>(
      `INSERT INTO notices (iccid, title, content) VALUES ($1, 'Card notice', 'For this card.') RETURNING id`,
      [card?.iccid],
    );
    const id = row?.id ?? 0;
    expect((await detail({ id, lang: 'en', iccid: card?.iccid })).body.data).toMatchObject({ id, read: false });
    expect((await detail({ id, lang: 'en' })).body).toEqual({ code: 10025, message: 'notice not found', data: null });
    expect((await detail({ id, lang: 'en', iccid: READY }, other.token)).body.code).toBe(10025);
  });

  it('answers 10025 for an unknown or ended notice and 10002 for a bad id', async () => {
    expect((await detail({ id: 999999, lang: 'en' })).body).toEqual({
      code: 10025,
      message: 'notice not found',
      data: null,
    });
    const row = await t.db.one<{ id: number }>(
      `INSERT INTO notices (title, content, ends_at) VALUES ('Old', 'Gone.', now() - interval '1 day') RETURNING id`,
    );
    expect((await detail({ id: row?.id, lang: 'en' })).body.code).toBe(10025);
    const bad = await detail({ id: 'x', lang: 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(10002);
    expect((await detail({ id: 1, lang: 'en', extra: 1 })).body.code).toBe(10002);
  });
});

describe('activityCardAlert', () => {
  it('answers null when the card shows no alert', async () => {
    const { body } = await post(t.app, '/message/activity/cardAlert', { iccid: READY, lang: 'en' });
    expect(body).toEqual({ code: 10000, message: 'success', data: { alert: null } });
  });

  it('answers the newest notice of the card scope when show_alert is set', async () => {
    const { body } = await post<{ alert: Notice | null }>(t.app, '/message/activity/cardAlert', {
      iccid: SPEED_LIMITED,
      lang: 'en',
    });
    expect(body.data.alert).toMatchObject({ title: 'Planned maintenance', read: false });
  });

  it('prefers the card own notice, for the owner only', async () => {
    await t.db.query(`UPDATE cards SET show_alert = true WHERE iccid = $1`, [IN_POOL]);
    const own = await post<{ alert: Notice | null }>(
      t.app,
      '/message/activity/cardAlert',
      { iccid: IN_POOL, lang: 'en' },
      { token: demo.token },
    );
    expect(own.body.data.alert?.title).toBe('Your plan expires in 2 days');
    const others = await post(t.app, '/message/activity/cardAlert', { iccid: IN_POOL, lang: 'en' }, other);
    expect(others.body.code).toBe(10024);
    expect(JSON.stringify(others.body)).not.toContain('expires');
    expect((await post(t.app, '/message/activity/cardAlert', { iccid: UNKNOWN, lang: 'en' })).body.code).toBe(10102);
  });
});

describe('event', () => {
  it('records a banner tap under the banner title, linked to its advert', async () => {
    const { body } = await post(
      t.app,
      '/event',
      { name: 'Unlimited week', iccid: READY, position: 'index', link: `/2/${READY}?type=Recommend` },
      { prefix: '/eshop/api' },
    );
    expect(body).toEqual({ code: 10000, message: 'success', data: null });
    const row = await t.db.one<Record<string, unknown>>(
      `SELECT activity_id, iccid, user_id, position, link FROM activity_events WHERE name = 'Unlimited week'`,
    );
    expect(row).toEqual({
      activity_id: await advertId('Unlimited week'),
      iccid: READY,
      user_id: null,
      position: 'index',
      link: `/2/${READY}?type=Recommend`,
    });
  });

  it('links a tap reported under a translated banner title to its advert', async () => {
    await post(t.app, '/event', { name: 'أسبوع غير محدود', position: 'index', link: '/' }, { prefix: '/eshop/api' });
    const row = await t.db.one<{ activity_id: number }>(
      `SELECT activity_id FROM activity_events WHERE name = 'أسبوع غير محدود'`,
    );
    expect(row?.activity_id).toBe(await advertId('Unlimited week'));
  });

  it('stores no unsafe link and knows the logged-in user', async () => {
    await post(t.app, '/event', { name: 'odd', link: 'javascript:alert(1)' }, { token: demo.token });
    const row = await t.db.one<{ link: string | null; user_id: number }>(
      `SELECT link, user_id FROM activity_events WHERE name = 'odd'`,
    );
    expect(row).toEqual({ link: null, user_id: demo.user_id });
  });

  it('refuses an event on another account card', async () => {
    const { body } = await post(t.app, '/event', { name: 'spy', iccid: BOUND }, { token: other.token });
    expect(body.code).toBe(10024);
    expect(await t.db.query(`SELECT 1 FROM activity_events WHERE name = 'spy'`)).toHaveLength(0);
  });
});

describe('sendEchatIccid', () => {
  it('records the click and answers "" (the built-in support) when no chat service is configured', async () => {
    const { body } = await post(t.app, '/echat/click', { iccid: READY });
    expect(body).toEqual({ code: 10000, message: 'success', data: { url: '' } });
    const rows = await t.db.query(`SELECT iccid FROM activity_events WHERE name = 'echat.click'`);
    expect(rows).toEqual([{ iccid: READY }]);
  });

  it('passes the ICCID and the caller e-mail to a configured service', async () => {
    await t.app.site.setConfig('support_url', 'https://chat.example.com/start?lang=en');
    const { body } = await post<{ url: string }>(t.app, '/echat/click', { iccid: BOUND }, { token: demo.token });
    expect(body.data.url).toBe(`https://chat.example.com/start?lang=en&iccid=${BOUND}&email=demo%40example.com`);
    const given = await post<{ url: string }>(t.app, '/echat/click', { email: 'me@example.org' });
    expect(given.body.data.url).toBe('https://chat.example.com/start?lang=en&email=me%40example.org');
  });

  it('never answers an unsafe configured URL', async () => {
    await t.app.site.setConfig('support_url', 'javascript:alert(1)');
    const { body } = await post<{ url: string }>(t.app, '/echat/click', {});
    expect(body.data.url).toBe('');
    await t.app.site.setConfig('support_url', '');
  });

  it('refuses another account card without leaking its owner', async () => {
    const { body } = await post(t.app, '/echat/click', { iccid: BOUND }, { token: other.token });
    expect(body).toEqual({ code: 10024, message: 'this belongs to another account', data: null });
  });
});
