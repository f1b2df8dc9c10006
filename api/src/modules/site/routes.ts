import { type FastifyInstance } from 'fastify';
import { AD_TYPES, LANGUAGE_CODES } from 'shared-contracts';
import { type ActivityResponse, type Banner, type Config, type Notice } from 'shared-contracts/schemas';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { defineCall, type CallRoute } from '../../http/calls';
import { toEpochSeconds } from '../../lib/format';
import { safeLink, withQuery } from '../../lib/links';
import { loadSupportConfig } from '../../config';
import { assertCardAccess, NOT_YOURS_VISITOR, OTHER_ACCOUNT } from '../cards/routes';
import { type SessionUser } from '../users/repository';
import { type ThirdPartyProvider } from '../users/thirdparty';
import { isCardLink, linkForCard, SHOP_START_PATH } from './links';
import { type AdvertRow, type NoticeDetailRow, type NoticeRow } from './repository';

/** Config key of an external support chat (http(s)); unset: the answer is '' and the built-in support opens. */
export const SUPPORT_URL_KEY = 'support_url';
/** Event names the api records itself. */
export const ECHAT_CLICK_EVENT = 'echat.click';

export const NOTICE_NOT_FOUND = 'notice not found';

/** Config key of the side drawer's store entry (an http(s) URL or a path of this site). */
export const STORE_URL_KEY = 'store_url';

/**
 * Who may open a notice: everyone's and an agent's notices anyone; a user's only that user; a card's only the
 * card's owner, or while no account owns the card, whoever names its ICCID (as on the card page). Another account's
 * 10024; a card notice without its ICCID 10025, like an unknown one (the caller shows no right to know it exists).
 */
function assertNoticeAccess(notice: NoticeDetailRow, user: SessionUser | null, iccid: string | undefined): void {
  const otherAccount = () => new ApiError(ERROR_CODES.FORBIDDEN, user ? OTHER_ACCOUNT : NOT_YOURS_VISITOR);
  if (notice.user_id !== null && notice.user_id !== user?.id) throw otherAccount();
  if (notice.iccid === null) return;
  if (notice.card_user_id !== null) {
    if (notice.card_user_id !== user?.id) throw otherAccount();
    return;
  }
  if (iccid !== notice.iccid) throw new ApiError(ERROR_CODES.NOT_FOUND, NOTICE_NOT_FOUND);
}

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
    link: safeLink(row.link),
    create: toEpochSeconds(row.created_at) ?? 0,
    read: row.read,
  };
}

/**
 * The advert list grouped by adType (1 popup, 2 banner, 3 float, 4 top, 5 recall; other types are not shown), links
 * made safe and filled in for the card on screen (`iccid`, see linkForCard).
 */
export function groupAdverts(rows: AdvertRow[], iccid?: string): ActivityResponse {
  const result: ActivityResponse = { topList: [], bannerList: [], floatList: [], recallList: [], popupList: [] };
  const toBanner = (row: AdvertRow): Banner => ({
    image: row.image,
    title: row.title,
    link: linkForCard(row.link, iccid),
    backgroundColor: row.background_color ?? '',
  });
  for (const row of rows) {
    const link = linkForCard(row.link, iccid);
    if (row.ad_type === AD_TYPES.top) result.topList.push(toBanner(row));
    else if (row.ad_type === AD_TYPES.banner) result.bannerList.push(toBanner(row));
    else if (row.ad_type === AD_TYPES.float) result.floatList.push({ id: row.id, image: row.image, link });
    else if (row.ad_type === AD_TYPES.recall) {
      result.recallList.push({ id: row.id, image: row.image, title: row.title, link });
    } else if (row.ad_type === AD_TYPES.popup) {
      result.popupList.push({
        id: row.id,
        image: row.image,
        link,
        title: row.title,
        btnText: row.btn_text ?? '',
        showNumber: row.show_number ?? 1,
        showRule: row.show_rule ?? 0,
      });
    }
  }
  return result;
}

export interface SiteCallOptions {
  production: boolean;
  /** getConfig's facebook/google values: '' off, 'demo' the local demo provider, else the client id. */
  thirdPartyLogin?: (provider: ThirdPartyProvider) => string;
}

export function siteCalls(app: FastifyInstance, options: SiteCallOptions): CallRoute[] {
  /** The card of an optional ICCID, checked like every card-page action (10102 unknown, 10024 not the caller's). */
  async function optionalCard(iccid: string | undefined, user: SessionUser | null) {
    if (!iccid) return undefined;
    const card = await app.cards.findCard(iccid);
    if (!card) throw new ApiError(ERROR_CODES.CARD_NOT_FOUND);
    assertCardAccess(card, user);
    return card;
  }

  // The external support chat: SUPPORT_CHAT_URL, else the config table's support_url; '' when neither is a safe
  // http(s) link (the built-in support chat then opens).
  const supportChatUrl = loadSupportConfig().SUPPORT_CHAT_URL;
  async function configuredSupportUrl(values?: Map<string, unknown>): Promise<string> {
    return safeLink(supportChatUrl ?? text((values ?? (await app.site.configValues())).get(SUPPORT_URL_KEY)));
  }

  return [
    // Operators change these in the config table (key → JSON value); the defaults keep a fresh database usable.
    defineCall('getConfig', { auth: 'none' }, async () => {
      const values = await app.site.configValues();
      const config: Config = {
        lang_list: stringList(values.get('lang_list'), LANGUAGE_CODES),
        ccy_list: stringList(values.get('ccy_list'), DEFAULT_CCY_LIST),
        login_url: text(values.get('login_url'), '/user/login'),
        // App store links only when configured (http(s)); none: the About page offers installing the web app.
        android_download: safeLink(text(values.get('android_download'))),
        ios_download: safeLink(text(values.get('ios_download'))),
        production: options.production,
        // Only what the api can finish: a button for an unconfigured provider would be a dead end.
        facebook: options.thirdPartyLogin?.('facebook') ?? '',
        google: options.thirdPartyLogin?.('google') ?? '',
        support_url: await configuredSupportUrl(values),
        store_url: safeLink(text(values.get(STORE_URL_KEY))) || SHOP_START_PATH,
      };
      return config;
    }),

    defineCall('getActivityList', { auth: 'optional' }, async ({ iccid, lang, position }) => {
      const card = iccid ? await app.cards.pageCard(iccid) : undefined;
      const positions = position
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      // Links for the card on screen lead to the caller's own card (the one it named), never to another.
      return groupAdverts(
        await app.site.adverts({ agentFlag: card?.agent_flag ?? null, lang, positions }),
        card?.iccid,
      );
    }),

    // A card's own notices only reach the ICCID holder of an unbound card or the card's owner.
    defineCall('checkNotice', { auth: 'optional' }, async ({ iccid, lang }, { user }) => {
      const card = iccid ? await app.cards.pageCard(iccid) : undefined;
      const cardNotices = card !== undefined && (card.user_id === null || card.user_id === user?.id);
      const rows = await app.site.notices({
        lang,
        agentFlag: card?.agent_flag ?? null,
        iccid: cardNotices ? card.iccid : null,
        userId: user?.id ?? null,
      });
      const list = rows.map(toNotice);
      return {
        notice: list.find((notice) => !notice.read) ?? null,
        list,
        unread: list.filter((notice) => !notice.read).length,
      };
    }),

    // The link an advert opens; gift (float) and recall links carry the card's ICCID, a link with the card
    // placeholder leads to that card's page (see linkForCard). Unsafe links answer ''.
    defineCall('activityLinkData', { auth: 'optional' }, async ({ id, iccid }, { user }) => {
      const card = await optionalCard(iccid, user);
      const advert = await app.site.findAdvert(id);
      if (!advert) throw new ApiError(ERROR_CODES.NOT_FOUND);
      if (isCardLink(advert.link)) return { link: linkForCard(advert.link, card?.iccid) };
      const carriesCard = advert.ad_type === AD_TYPES.float || advert.ad_type === AD_TYPES.recall;
      return { link: carriesCard ? withQuery(advert.link ?? '', { iccid: card?.iccid }) : safeLink(advert.link) };
    }),

    // Read marks are per account: a visitor's call succeeds and stores nothing (the device remembers).
    defineCall('activityRead', { auth: 'optional' }, async ({ id }, { user }) => {
      const notice = await app.site.findNoticeOwner(id);
      if (!notice) throw new ApiError(ERROR_CODES.NOT_FOUND);
      const forOther =
        (notice.user_id !== null && notice.user_id !== user?.id) ||
        (notice.card_user_id !== null && notice.card_user_id !== user?.id);
      if (forOther) throw new ApiError(ERROR_CODES.FORBIDDEN, OTHER_ACCOUNT);
      if (user) await app.site.markNoticeRead(id, user.id);
      return null;
    }),

    // One notice in full (the notices page opens it); opening it marks it read for an account, like activityRead.
    defineCall('notifyDetail', { auth: 'optional' }, async ({ id, lang, iccid }, { user }) => {
      const notice = await app.site.findNoticeDetail(id, lang ?? null, user?.id ?? null);
      if (!notice) throw new ApiError(ERROR_CODES.NOT_FOUND, NOTICE_NOT_FOUND);
      assertNoticeAccess(notice, user, iccid);
      if (user && !notice.read) await app.site.markNoticeRead(id, user.id);
      return toNotice({ ...notice, read: user !== null || notice.read });
    }),

    defineCall('activityCardAlert', { auth: 'optional' }, async ({ iccid, lang }, { user }) => {
      const card = await optionalCard(iccid, user);
      if (!card?.show_alert) return { alert: null };
      const row = await app.site.cardAlert({ lang, agentFlag: card.agent_flag, iccid, userId: user?.id ?? null });
      return { alert: row ? toNotice(row) : null };
    }),

    // Analytics: a banner tap is reported under the banner's title. Only an http(s) link is stored.
    defineCall('event', { auth: 'optional' }, async ({ name, iccid, position, link }, { user }) => {
      const card = await optionalCard(iccid, user);
      await app.site.recordEvent({
        name,
        iccid: card?.iccid ?? null,
        userId: user?.id ?? null,
        position: position ?? null,
        link: safeLink(link) || null,
      });
      return null;
    }),

    // Records the support click and answers the configured chat's URL with the ICCID and e-mail passed along
    // (the caller's own e-mail when logged in; never the card's). '' = no service configured: the built-in
    // support sheet opens, whose messages the api stores.
    defineCall('sendEchatIccid', { auth: 'optional' }, async ({ iccid, email }, { user }) => {
      const card = await optionalCard(iccid, user);
      await app.site.recordEvent({
        name: ECHAT_CLICK_EVENT,
        iccid: card?.iccid ?? null,
        userId: user?.id ?? null,
        position: null,
        link: null,
      });
      const configured = await configuredSupportUrl();
      return { url: withQuery(configured, { iccid: card?.iccid, email: email ?? user?.email }) };
    }),
  ];
}
