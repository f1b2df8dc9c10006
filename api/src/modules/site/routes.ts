import { type FastifyInstance } from 'fastify';
import { AD_TYPES, LANGUAGE_CODES } from 'shared-contracts';
import { type ActivityResponse, type Banner, type Config, type Notice } from 'shared-contracts/schemas';
import { defineCall, type CallRoute } from '../../http/calls';
import { toEpochSeconds } from '../../lib/format';
import { type AdvertRow, type NoticeRow } from './repository';

export const DEFAULT_CCY_LIST = ['USD', 'EUR', 'JPY', 'GBP', 'AUD', 'CAD', 'CHF', 'HKD', 'SGD', 'KRW'] as const;

function stringList(value: unknown, fallback: readonly string[]): string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string') && value.length > 0
    ? value
    : [...fallback];
}

function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function toNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    link: row.link ?? '',
    create: toEpochSeconds(row.created_at) ?? 0,
    read: row.read,
  };
}

function toBanner(row: AdvertRow): Banner {
  return { image: row.image, title: row.title, link: row.link ?? '', backgroundColor: row.background_color ?? '' };
}

/** The advert list grouped by adType (1 popup, 2 banner, 3 float, 4 top, 5 recall; other types are not shown). */
export function groupAdverts(rows: AdvertRow[]): ActivityResponse {
  const result: ActivityResponse = { topList: [], bannerList: [], floatList: [], recallList: [], popupList: [] };
  for (const row of rows) {
    if (row.ad_type === AD_TYPES.top) result.topList.push(toBanner(row));
    else if (row.ad_type === AD_TYPES.banner) result.bannerList.push(toBanner(row));
    else if (row.ad_type === AD_TYPES.float) result.floatList.push({ image: row.image, link: row.link ?? '' });
    else if (row.ad_type === AD_TYPES.recall) {
      result.recallList.push({ id: row.id, image: row.image, title: row.title, link: row.link ?? '' });
    } else if (row.ad_type === AD_TYPES.popup) {
      result.popupList.push({
        id: row.id,
        image: row.image,
        link: row.link ?? '',
        title: row.title,
        btnText: row.btn_text ?? '',
        showNumber: row.show_number ?? 1,
        showRule: row.show_rule ?? 0,
      });
    }
  }
  return result;
}

export function siteCalls(app: FastifyInstance, options: { production: boolean }): CallRoute[] {
  return [
    // Operators change these in the config table (key → JSON value); the defaults keep a fresh database usable.
    defineCall('getConfig', { auth: 'none' }, async () => {
      const values = await app.site.configValues();
      const config: Config = {
        lang_list: stringList(values.get('lang_list'), LANGUAGE_CODES),
        ccy_list: stringList(values.get('ccy_list'), DEFAULT_CCY_LIST),
        login_url: text(values.get('login_url'), '/user/login'),
        android_download: text(values.get('android_download')),
        ios_download: text(values.get('ios_download')),
        production: options.production,
        facebook: text(values.get('facebook')),
        google: text(values.get('google')),
      };
      return config;
    }),

    defineCall('getActivityList', { auth: 'optional' }, async ({ iccid, lang, position }) => {
      const card = iccid ? await app.cards.findCard(iccid) : undefined;
      const positions = position
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      return groupAdverts(await app.site.adverts({ agentFlag: card?.agent_flag ?? null, lang, positions }));
    }),

    defineCall('checkNotice', { auth: 'optional' }, async ({ iccid, lang }, { user }) => {
      const card = iccid ? await app.cards.findCard(iccid) : undefined;
      const rows = await app.site.notices({
        lang,
        agentFlag: card?.agent_flag ?? null,
        iccid: card?.iccid ?? null,
        userId: user?.id ?? null,
      });
      const list = rows.map(toNotice);
      return {
        notice: list.find((notice) => !notice.read) ?? null,
        list,
        unread: list.filter((notice) => !notice.read).length,
      };
    }),
  ];
}
