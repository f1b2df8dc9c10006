import { LANGUAGE_CODES, RTL_LANGUAGES, type Language } from 'shared-contracts';
import { type Db, type Queryable } from './db/index';
import { hashPassword } from './lib/secrets';
import { recomputeCards } from './modules/connectivity/usage';
import { CARD_PLACEHOLDER } from './modules/site/links';
import {
  CATALOGUE_TEXTS,
  CATEGORY_KEYS,
  type AreaKey,
  type CategoryKey,
  type HtuKey,
  type PackageCode,
  type TagKey,
} from './seed-texts/catalogue';
import { PROMOTION_TEXTS, type AdvertKey, type NoticeKey } from './seed-texts/promotions';

// Demo data for a newcomer: agents of every page version, cards of every kind and status, a pool, an eSIM slot
// with profiles, packages in several categories and currencies, adverts, notices and coverage. Loaded on the first
// start (empty database) and again by `pnpm --filter api seed`.

export const DEMO_USER = { email: 'demo@example.com', password: 'demo-password-1' } as const;
/** Owns one card, so the demo shows what another account's card looks like. */
export const OTHER_USER = { email: 'other@example.com', password: 'other-password-1' } as const;
export const DEMO_EID = '89049032123456789012345678901234';
export const DEMO_POOL_ID = 'demo-pool-1';

export interface DemoCard {
  iccid: string;
  /** The agent flag, i.e. the first path segment of its card page. */
  flag: string;
  description: string;
}

const GB = 1024 ** 3;
const MB = 1024 ** 2;
const DAY = 86_400;

type Status = 'Ready' | 'Activated' | 'Suspension';

/** Characters a line breaks between without spaces (CJK, kana, Hangul, full-width forms): about 1em wide each. */
const WIDE = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;

/** A generous estimate of a text's width in ems (a picture's title must never run past its edges). */
function widthInEms(text: string): number {
  let ems = 0;
  for (const char of text) ems += WIDE.test(char) ? 1 : /\p{M}/u.test(char) ? 0 : char === ' ' ? 0.3 : 0.62;
  return ems;
}

/** The title in `count` lines of about equal width: breaks at spaces, or between wide characters. */
function wrapTitle(title: string, count: number): string[] {
  const units = title.match(new RegExp(`${WIDE.source}|[^\\s]+?(?=${WIDE.source}|\\s|$)\\s*|\\s+`, 'gu')) ?? [title];
  const target = widthInEms(title) / count;
  const lines: string[] = [];
  let line = '';
  for (const unit of units) {
    const next = line + unit;
    if (line.trim() !== '' && lines.length < count - 1 && widthInEms(next.trim()) > target * 1.08) {
      lines.push(line.trim());
      line = unit;
    } else line = next;
  }
  if (line.trim() !== '') lines.push(line.trim());
  return lines;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A self-contained picture (no network, no asset server): a coloured panel with its title, in as many lines (up to
 * three) and as large as fits inside the panel with a margin, so nothing is cut off at its sides. `rtl` for Arabic
 * and Hebrew titles.
 */
export function demoImage(
  title: string,
  background: string,
  width = 750,
  height = 300,
  options: { rtl?: boolean } = {},
): string {
  const maxFont = Math.round(height / 7);
  const room = { width: width * 0.86, height: height * 0.8 };
  let best = { lines: [title], font: 0 };
  for (const count of [1, 2, 3]) {
    const lines = wrapTitle(title, count);
    const widest = Math.max(...lines.map(widthInEms), 1);
    const font = Math.min(maxFont, room.width / widest, room.height / (lines.length * 1.25));
    // A second or third line only when it lets the title stay clearly larger.
    if (font > best.font * 1.1) best = { lines, font };
  }
  const font = Math.max(8, Math.floor(best.font));
  const lineHeight = font * 1.25;
  const first = height / 2 - ((best.lines.length - 1) * lineHeight) / 2 + font * 0.35;
  const text = best.lines
    .map(
      (line, index) =>
        `<text x="50%" y="${Math.round(first + index * lineHeight)}" font-family="sans-serif" font-size="${font}" ` +
        `fill="#fff" text-anchor="middle"${options.rtl ? ' direction="rtl"' : ''}>${escapeXml(line)}</text>`,
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" rx="24" fill="${background}"/>${text}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The floating gift button's picture: a wrapped present on a round badge (self-contained SVG). */
export function demoGiftImage(background: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">` +
    `<circle cx="60" cy="60" r="60" fill="${background}"/>` +
    `<rect x="32" y="54" width="56" height="36" rx="4" fill="#fff"/>` +
    `<rect x="28" y="42" width="64" height="16" rx="4" fill="#fff"/>` +
    `<rect x="55" y="42" width="10" height="48" fill="${background}" opacity="0.55"/>` +
    `<path d="M60 42c-6-14-22-14-20-4 1 5 12 5 20 4zm0 0c6-14 22-14 20-4-1 5-12 5-20 4z" fill="#fff"/>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

interface CardSeed {
  iccid: string;
  flag: string;
  description: string;
  status: Status;
  cardKind?: 1 | 2;
  owner?: 'demo' | 'other';
  email?: string;
  name?: string;
  /** Days from now; negative = already expired; undefined = no expiry yet. */
  expiresInDays?: number;
  /**
   * The package in force: the network (the simulator's records) carries it with this much used; the card's figures
   * are computed from it, as from any package the network reports on.
   */
  active?: { code: string; usedBytes: number; throttled?: boolean };
  thirdParty?: boolean;
  renewal?: boolean;
  hasKeys?: boolean;
  warn?: string;
  eid?: string;
  action?: 'install_fail' | 'delete' | 'enable';
}

const CARDS: CardSeed[] = [
  {
    iccid: '89880000000000000001',
    flag: '2',
    description: 'Activated SIM, 20 GB plan with 5.2 GB used, auto-renew on, bound to demo@example.com',
    status: 'Activated',
    owner: 'demo',
    email: DEMO_USER.email,
    name: 'Travel SIM',
    expiresInDays: 21,
    active: { code: 'eu-20gb-30d', usedBytes: Math.round(5.2 * GB) },
    renewal: true,
  },
  {
    iccid: '89880000000000000002',
    flag: '2',
    description: 'Ready (inventory) SIM, never used, not bound to any account',
    status: 'Ready',
  },
  {
    iccid: '89880000000000000003',
    flag: '2',
    description: 'Suspended SIM (deactivated), bound to demo@example.com',
    status: 'Suspension',
    owner: 'demo',
    email: DEMO_USER.email,
    expiresInDays: -3,
  },
  {
    iccid: '89880000000000000004',
    flag: '2',
    description: 'Activated SIM on an unlimited plan, not bound',
    status: 'Activated',
    expiresInDays: 6,
    active: { code: 'global-unlimited-7d', usedBytes: Math.round(3.4 * GB) },
  },
  {
    iccid: '89880000000000000005',
    flag: '2',
    description: 'Unlimited SIM that reached its daily fair-use amount: speed limited (kind 2)',
    status: 'Activated',
    expiresInDays: 4,
    active: { code: 'global-unlimited-7d', usedBytes: Math.round(2.1 * GB), throttled: true },
  },
  {
    iccid: '89880000000000000006',
    flag: '2',
    description: 'Third-party SIM: inventory status, no data figures, no gauge',
    status: 'Ready',
    thirdParty: true,
  },
  {
    iccid: '89880000000000000007',
    flag: '2',
    description: 'Activated SIM about to expire (warn text "2 days"), bound to demo@example.com, in the demo pool',
    status: 'Activated',
    owner: 'demo',
    email: DEMO_USER.email,
    expiresInDays: 2,
    active: { code: 'eu-5gb-30d', usedBytes: Math.round(3.9 * GB) },
  },
  {
    iccid: '89880000000000000008',
    flag: '2',
    description: 'Activated SIM owned by other@example.com: its e-mail stays hidden from everyone else',
    status: 'Activated',
    owner: 'other',
    email: OTHER_USER.email,
    expiresInDays: 12,
    active: { code: 'apac-10gb-15d', usedBytes: 800 * MB },
  },
  {
    iccid: '89880000000000000011',
    flag: '2',
    description:
      'Ready SIM bought with demo@example.com but in no account: the card list offers to add it (batch bind)',
    status: 'Ready',
    email: DEMO_USER.email,
  },
  {
    iccid: '89880000000000000012',
    flag: '2',
    description: 'A second unbound SIM carrying demo@example.com: the batch bind dialog lists both, masked',
    status: 'Ready',
    email: DEMO_USER.email,
  },
  {
    iccid: '8988000000000000019',
    flag: '2',
    description: 'Ready SIM with a 19-character ICCID (the shortest accepted)',
    status: 'Ready',
  },
  {
    iccid: '89880000000000000101',
    flag: '1',
    description: 'Agent 1 (page version 1, the old card view): activated SIM with the old package list',
    status: 'Activated',
    expiresInDays: 5,
    active: { code: 'global-1gb-7d', usedBytes: 300 * MB },
  },
  {
    iccid: '89880000000000000102',
    flag: '1',
    description: 'Agent 1, never used, no package: buy one as a visitor and watch the network start it',
    status: 'Ready',
  },
  {
    iccid: '89880000000000000301',
    flag: '3',
    description: 'Agent 3 (page version 3, card list view), prices in EUR, German by default',
    status: 'Activated',
    expiresInDays: 9,
    active: { code: 'eu-5gb-30d', usedBytes: 1 * GB },
  },
  {
    iccid: '89880000000000000901',
    flag: 'acme',
    description: 'Partner agent "acme" (version 2, JPY, no PayPal): a card sold by a reseller',
    status: 'Ready',
  },
  {
    iccid: '89880000000000000201',
    flag: '2',
    description: 'eSIM profile (card_kind 2) enabled in the demo slot, bound to demo@example.com',
    status: 'Activated',
    cardKind: 2,
    owner: 'demo',
    email: DEMO_USER.email,
    expiresInDays: 25,
    active: { code: 'esim-global-3gb-30d', usedBytes: 450 * MB },
    hasKeys: true,
    eid: DEMO_EID,
    action: 'enable',
  },
  {
    iccid: '89880000000000000202',
    flag: '2',
    description: 'eSIM profile whose installation failed (action install_fail)',
    status: 'Ready',
    cardKind: 2,
    owner: 'demo',
    eid: DEMO_EID,
    action: 'install_fail',
  },
  {
    iccid: '89880000000000000203',
    flag: '2',
    description: 'eSIM profile deleted from the device (action delete)',
    status: 'Suspension',
    cardKind: 2,
    owner: 'demo',
    eid: DEMO_EID,
    action: 'delete',
  },
];

/** The demo cards with one line each: printed by the server at start-up and listed in the README. */
export const demoCards: ReadonlyArray<DemoCard> = CARDS.map(({ iccid, flag, description }) => ({
  iccid,
  flag,
  description,
}));

interface PackageSeed {
  code: PackageCode;
  type: string;
  category: CategoryKey;
  recommended?: boolean;
  mode?: 1 | 2;
  validityDays: number;
  validityStart?: 'purchase' | 'first_use' | 'install';
  dataBytes?: number;
  unlimited?: boolean;
  fairUseDailyBytes?: number;
  poolLines?: number;
  taxRate?: number;
  tag?: TagKey;
  tagBackground?: string;
  tagWords?: string;
  leftTag?: TagKey;
  icon?: string;
  /** Coverage text (seed-texts/catalogue.ts areas, in every language). */
  area: AreaKey;
  carriers: string;
  agentVersions?: number[];
  agentFlag?: string;
  /** currency → [amount, discount amount | null, renew discount %] in minor units. */
  prices: Record<string, [number, number | null, number]>;
  /** When validity starts, said in the package's htu text. Names and descriptions: seed-texts/catalogue.ts. */
  htu: HtuKey;
}

const PACKAGES: PackageSeed[] = [
  {
    code: 'eu-5gb-30d',
    type: 'sim-europe',
    category: 'Recommend',
    recommended: true,
    validityDays: 30,
    dataBytes: 5 * GB,
    tag: 'bestSeller',
    tagBackground: '#07C160',
    tagWords: '#FFFFFF',
    icon: 'europe',
    area: 'europe33',
    carriers: 'A1, Magenta, Vodafone, Orange',
    taxRate: 0.07,
    prices: { USD: [1500, 1290, 90], EUR: [1400, 1200, 90], JPY: [2200, 1900, 90] },
    htu: 'firstUse',
  },
  {
    code: 'eu-20gb-30d',
    type: 'sim-europe',
    category: 'Europe',
    mode: 2,
    validityDays: 30,
    dataBytes: 20 * GB,
    leftTag: 'autoRenew',
    icon: 'europe',
    area: 'europe33',
    carriers: 'A1, Magenta, Vodafone, Orange',
    taxRate: 0.07,
    prices: { USD: [3900, null, 85], EUR: [3600, null, 85], JPY: [5800, null, 85] },
    htu: 'firstUse',
  },
  {
    code: 'apac-10gb-15d',
    type: 'sim-apac',
    category: 'Asia Pacific',
    validityDays: 15,
    dataBytes: 10 * GB,
    tag: 'hot',
    tagBackground: '#FF4D4F',
    tagWords: '#FFFFFF',
    icon: 'asia',
    area: 'apac',
    carriers: 'Telstra, Optus, NTT docomo, AIS',
    prices: { USD: [2400, 1990, 100], EUR: [2200, 1850, 100], JPY: [3500, 2900, 100] },
    htu: 'firstUse',
  },
  {
    code: 'global-unlimited-7d',
    type: 'sim-europe',
    category: 'Recommend',
    recommended: true,
    validityDays: 7,
    unlimited: true,
    fairUseDailyBytes: 2 * GB,
    tag: 'unlimited',
    tagBackground: '#722ED1',
    tagWords: '#FFFFFF',
    icon: 'unlimited',
    area: 'europe33',
    carriers: 'A1, Magenta, Vodafone, Orange',
    taxRate: 0.07,
    prices: { USD: [2900, null, 100], EUR: [2700, null, 100], JPY: [4300, null, 100] },
    htu: 'purchase',
  },
  {
    code: 'global-1gb-7d',
    type: 'sim-europe',
    category: 'Global',
    validityDays: 7,
    validityStart: 'purchase',
    dataBytes: 1 * GB,
    area: 'europe33Short',
    carriers: 'A1, Magenta, Vodafone, Orange',
    prices: { USD: [500, null, 100], EUR: [450, null, 100], JPY: [750, null, 100] },
    htu: 'purchase',
  },
  {
    code: 'acme-japan-3gb-8d',
    type: 'sim-apac',
    category: 'Japan',
    agentFlag: 'acme',
    validityDays: 8,
    dataBytes: 3 * GB,
    area: 'japan',
    carriers: 'NTT docomo, SoftBank',
    prices: { JPY: [1980, null, 100] },
    htu: 'firstUse',
  },
  {
    code: 'esim-global-3gb-30d',
    type: 'esim-global',
    category: 'Recommend',
    recommended: true,
    validityDays: 30,
    validityStart: 'install',
    dataBytes: 3 * GB,
    icon: 'esim',
    area: 'global',
    carriers: 'A1, Telstra, T-Mobile, NTT docomo',
    prices: { USD: [1200, null, 100], EUR: [1100, null, 100], JPY: [1800, null, 100] },
    htu: 'install',
  },
  {
    code: 'esim-europe-10gb-30d',
    type: 'esim-global',
    category: 'Europe',
    validityDays: 30,
    validityStart: 'install',
    dataBytes: 10 * GB,
    area: 'europeAustria',
    carriers: 'A1, Magenta',
    prices: { USD: [2500, 2200, 100], EUR: [2300, 2000, 100], JPY: [3700, 3300, 100] },
    htu: 'install',
  },
  {
    code: 'pool-eu-50gb-30d',
    type: 'pool-europe',
    category: 'Shared',
    validityDays: 30,
    dataBytes: 50 * GB,
    poolLines: 5,
    tag: 'family',
    area: 'europe',
    carriers: 'A1, Magenta, Vodafone',
    prices: { USD: [5900, null, 100], EUR: [5500, null, 100], JPY: [8800, null, 100] },
    htu: 'purchase',
  },
];

/** A package's English name (the default text, and what a bought package keeps as its name). */
function englishName(code: string): string {
  return CATALOGUE_TEXTS.en.packages[code as PackageCode]?.name ?? code;
}

interface AdvertSeed {
  key: AdvertKey;
  /** 1 popup, 2 banner, 3 float, 4 top, 5 recall. */
  adType: 1 | 2 | 3 | 4 | 5;
  position: string | null;
  /** Colour of its picture. */
  panel: string;
  /**
   * A page of this shop any visitor can open. CARD_PLACEHOLDER stands for the card on screen (the api fills it in;
   * with no card the shop's start page opens): never one customer's card for everyone.
   */
  link: string;
  showNumber?: number;
  showRule?: number;
  /** Carousel colour behind a banner (none: the default #FFAC79). */
  background?: string;
}

const ADVERTS: AdvertSeed[] = [
  // A package category of the catalogue, on the visitor's own card (?type= pre-selects it).
  { key: 'summer', adType: 4, position: 'index', panel: '#FFAC79', link: `/2/${CARD_PLACEHOLDER}?type=Europe` },
  {
    key: 'europeFrom',
    adType: 2,
    position: null,
    panel: '#FFAC79',
    link: `/2/${CARD_PLACEHOLDER}?type=Europe`,
    background: '#FFAC79',
  },
  {
    key: 'unlimitedWeek',
    adType: 2,
    position: null,
    panel: '#6C5CE7',
    link: `/2/${CARD_PLACEHOLDER}?type=Recommend`,
    background: '#6C5CE7',
  },
  // The site is a web app (PWA): the About page's install section says how to add it to the home screen.
  {
    key: 'install',
    adType: 1,
    position: 'index',
    panel: '#07C160',
    link: '/user/about#install',
    showNumber: 3,
    showRule: 86_400,
  },
  // The gift: the card's recommended packages.
  { key: 'gift', adType: 3, position: null, panel: '#FF4D4F', link: `/2/${CARD_PLACEHOLDER}?type=Recommend` },
  // The recall offer of a free 30-day plan: the card's refill page.
  { key: 'recall', adType: 5, position: null, panel: '#1677FF', link: `/2/${CARD_PLACEHOLDER}?mode=search` },
];

const PACKAGE_TYPES = [
  { code: 'sim-europe', kind: 'sim', name: 'Europe SIM' },
  { code: 'sim-apac', kind: 'sim', name: 'Asia Pacific SIM' },
  { code: 'esim-global', kind: 'esim', name: 'Global eSIM' },
  { code: 'pool-europe', kind: 'pool', name: 'Europe shared pool' },
] as const;

const COUNTRIES: Record<string, string> = {
  AT: 'Austria',
  AU: 'Australia',
  DE: 'Germany',
  FR: 'France',
  IT: 'Italy',
  ES: 'Spain',
  JP: 'Japan',
  TH: 'Thailand',
  US: 'United States',
};

/** product type → country → operators [name, network type]. */
const COVERAGE: Record<string, Record<string, Array<[string, string]>>> = {
  'sim-europe': {
    AT: [
      ['A1', '5G'],
      ['Magenta', '5G'],
      ['Drei', '4G'],
    ],
    DE: [
      ['Telekom', '5G'],
      ['Vodafone', '5G'],
      ['O2', '4G'],
    ],
    FR: [
      ['Orange', '5G'],
      ['SFR', '4G'],
    ],
    IT: [
      ['TIM', '5G'],
      ['Vodafone', '4G'],
    ],
    ES: [
      ['Movistar', '5G'],
      ['Orange', '4G'],
    ],
  },
  'sim-apac': {
    AU: [
      ['Telstra', '5G'],
      ['Optus', '4G'],
      ['Vodafone AU', '4G'],
    ],
    JP: [
      ['NTT docomo', '5G'],
      ['SoftBank', '4G'],
    ],
    TH: [['AIS', '4G']],
  },
  'esim-global': {
    AT: [['A1', '5G']],
    AU: [['Telstra', '5G']],
    US: [['T-Mobile', '5G']],
    JP: [['NTT docomo', '5G']],
  },
  'pool-europe': {
    AT: [['A1', '4G']],
    DE: [['Telekom', '4G']],
  },
};

const TABLES = [
  'simulator_pool_lines',
  'simulator_pools',
  'pool_line_usage',
  'pool_pending_members',
  'simulator_clock',
  'simulator_assignments',
  'simulator_cards',
  'simulator_profiles',
  'esim_profile_requests',
  'alert_unsubscribe_tokens',
  'payment_method_removal_tokens',
  'card_alerts',
  'card_alert_settings',
  'connectivity_events',
  'rate_limits',
  'mail_log',
  'support_messages',
  'coverage_operators',
  'coverage_countries',
  'countries',
  'notice_reads',
  'notice_translations',
  'notices',
  'activity_events',
  'activity_translations',
  'activities',
  'card_packages',
  'payment_events',
  'orders',
  'addresses',
  'pool_members',
  'pools',
  'package_prices',
  'package_translations',
  'package_category_translations',
  'packages',
  'esim_profiles',
  'cards',
  'esim_slots',
  'package_categories',
  'package_types',
  'agents',
  'verification_codes',
  'sessions',
  'user_identities',
  'users',
  'config',
];

export async function isEmpty(db: Queryable): Promise<boolean> {
  const row = await db.one<{ agents: number }>(`SELECT count(*)::int AS agents FROM agents`);
  return (row?.agents ?? 0) === 0;
}

async function insertId(q: Queryable, sql: string, params: unknown[]): Promise<number> {
  const row = await q.one<{ id: number }>(sql, params);
  if (!row) throw new Error(`seed insert returned nothing: ${sql.slice(0, 60)}`);
  return row.id;
}

async function seedInto(q: Queryable, now: number): Promise<void> {
  const at = (days: number) => Math.floor(now / 1000) + Math.round(days * DAY);
  const ts = (days: number) => new Date(now + days * DAY * 1000).toISOString();

  const config: Record<string, unknown> = {
    lang_list: ['ar', 'de', 'en', 'es', 'fr', 'it', 'ja', 'th', 'tr', 'ko', 'id', 'pt', 'zh', 'vi', 'pl', 'he'],
    ccy_list: ['USD', 'EUR', 'JPY', 'GBP', 'AUD', 'CAD', 'CHF', 'HKD', 'SGD', 'KRW'],
    login_url: '/user/login',
    // The side drawer's store: this shop's start page, where a card's plans are bought.
    store_url: '/',
    // No app in any store: android_download and ios_download stay unset (the About page offers the web app).
  };
  for (const [key, value] of Object.entries(config)) {
    await q.query(`INSERT INTO config (key, value) VALUES ($1, $2::jsonb)`, [key, JSON.stringify(value)]);
  }

  await q.query(
    `INSERT INTO agents (flag, name, version, paypal, ccy, lang, is_default) VALUES
       ('1', 'Classic shop', 1, true, 'USD', 'en', false),
       ('2', 'eSIM Shop', 2, true, 'USD', 'en', true),
       ('3', 'Card list shop', 3, false, 'EUR', 'de', false),
       ('acme', 'Acme Travel (partner)', 2, false, 'JPY', 'ja', false)`,
  );

  const demoId = await insertId(
    q,
    `INSERT INTO users (email, password_hash, email_verified_at, area, ccy) VALUES ($1, $2, now(), 'US', 'USD') RETURNING id`,
    [DEMO_USER.email, await hashPassword(DEMO_USER.password)],
  );
  const otherId = await insertId(
    q,
    `INSERT INTO users (email, password_hash, email_verified_at, area, ccy) VALUES ($1, $2, now(), 'DE', 'EUR') RETURNING id`,
    [OTHER_USER.email, await hashPassword(OTHER_USER.password)],
  );

  await q.query(
    `INSERT INTO esim_slots (eid, agent_flag, name, status, total_slot, user_id, email, online_at)
     VALUES ($1, '2', 'My phone', 'Activated', 8, $2, $3, now())`,
    [DEMO_EID, demoId, DEMO_USER.email],
  );

  for (const card of CARDS) {
    const ownerId = card.owner === 'demo' ? demoId : card.owner === 'other' ? otherId : null;
    await q.query(
      `INSERT INTO cards (iccid, agent_flag, card_kind, status, user_id, name, email, expire_timestamp,
                          is_third_party, renewal, has_keys, warn, eid, activated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        card.iccid,
        card.flag,
        card.cardKind ?? 1,
        card.status,
        ownerId,
        card.name ?? null,
        card.email ?? null,
        card.expiresInDays === undefined ? null : at(card.expiresInDays),
        card.thirdParty ?? false,
        card.renewal ?? false,
        card.hasKeys ?? false,
        card.warn ?? null,
        card.eid ?? null,
        card.status === 'Ready' ? null : ts(-10),
      ],
    );
    if (card.eid) {
      await q.query(
        `INSERT INTO esim_profiles (eid, iccid, action, smdp_address, matching_id, installed_at)
         VALUES ($1, $2, $3, 'smdp.example.com', $4, $5)`,
        [
          card.eid,
          card.iccid,
          card.action ?? null,
          `DEMO-${card.iccid.slice(-4)}`,
          card.action === 'enable' ? ts(-5) : null,
        ],
      );
    }
  }

  const typeIds = new Map<string, number>();
  for (const type of PACKAGE_TYPES) {
    typeIds.set(
      type.code,
      await insertId(q, `INSERT INTO package_types (kind, code, name) VALUES ($1, $2, $3) RETURNING id`, [
        type.kind,
        type.code,
        type.name,
      ]),
    );
  }
  // Category keys stay as they are (logic and ?type= match them); each language gets its label.
  const categoryIds = new Map<string, number>();
  for (const [index, name] of CATEGORY_KEYS.entries()) {
    const id = await insertId(q, `INSERT INTO package_categories (name, sort_order) VALUES ($1, $2) RETURNING id`, [
      name,
      index,
    ]);
    categoryIds.set(name, id);
    for (const lang of LANGUAGE_CODES) {
      await q.query(`INSERT INTO package_category_translations (category_id, lang, label) VALUES ($1, $2, $3)`, [
        id,
        lang,
        CATALOGUE_TEXTS[lang].categories[name],
      ]);
    }
  }

  const english = CATALOGUE_TEXTS.en;
  const packageIds = new Map<string, number>();
  for (const [index, pkg] of PACKAGES.entries()) {
    const id = await insertId(
      q,
      `INSERT INTO packages (code, pkg_type_id, category_id, mode, validity_days, validity_start, data_bytes, unlimited,
                             fair_use_daily_bytes, pool_lines, tax_rate, tag, tag_background_color, tag_words_color,
                             left_tag, pkg_style_icon, area, carriers, agent_versions, agent_flag, recommended, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)
       RETURNING id`,
      [
        pkg.code,
        typeIds.get(pkg.type),
        categoryIds.get(pkg.category) ?? null,
        pkg.mode ?? 1,
        pkg.validityDays,
        pkg.validityStart ?? 'first_use',
        pkg.dataBytes ?? null,
        pkg.unlimited ?? false,
        pkg.fairUseDailyBytes ?? null,
        pkg.poolLines ?? null,
        pkg.taxRate ?? 0,
        pkg.tag ? english.tags[pkg.tag] : null,
        pkg.tagBackground ?? null,
        pkg.tagWords ?? null,
        pkg.leftTag ? english.tags[pkg.leftTag] : null,
        pkg.icon ?? null,
        english.areas[pkg.area],
        pkg.carriers,
        pkg.agentVersions ?? [1, 2, 3],
        pkg.agentFlag ?? null,
        pkg.recommended ?? false,
        index,
      ],
    );
    packageIds.set(pkg.code, id);
    for (const [currency, [amount, discount, renewDiscount]] of Object.entries(pkg.prices)) {
      await q.query(
        `INSERT INTO package_prices (package_id, currency, amount, discount_amount, renew_discount)
         VALUES ($1, $2, $3, $4, $5)`,
        [id, currency, amount, discount, renewDiscount],
      );
    }
    // Every text of the package in every language of the site (seed-texts/catalogue.ts).
    for (const lang of LANGUAGE_CODES) {
      const texts = CATALOGUE_TEXTS[lang];
      const text = texts.packages[pkg.code];
      await q.query(
        `INSERT INTO package_translations (package_id, lang, name, main_title, secondary_title, sub_title, description,
                                           htu, area, subscribe_tips, tag, left_tag)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          id,
          lang,
          text.name,
          text.main,
          text.secondary,
          text.sub ?? null,
          text.desc,
          texts.htu[pkg.htu],
          texts.areas[pkg.area],
          pkg.mode === 2 ? texts.subscribeTips : null,
          pkg.tag ? texts.tags[pkg.tag] : null,
          pkg.leftTag ? texts.tags[pkg.leftTag] : null,
        ],
      );
    }
  }

  for (const [code, name] of Object.entries(COUNTRIES)) {
    await q.query(`INSERT INTO countries (code, name, img) VALUES ($1, $2, $3)`, [
      code,
      name,
      demoImage(code, '#1F2937', 80, 56),
    ]);
  }
  for (const [typeCode, countries] of Object.entries(COVERAGE)) {
    for (const [index, [country, operators]] of Object.entries(countries).entries()) {
      const coverageId = await insertId(
        q,
        `INSERT INTO coverage_countries (pkg_type_id, country_code, sort_order) VALUES ($1, $2, $3) RETURNING id`,
        [typeIds.get(typeCode), country, index],
      );
      for (const [operator, network] of operators) {
        await q.query(`INSERT INTO coverage_operators (coverage_country_id, name, network_type) VALUES ($1, $2, $3)`, [
          coverageId,
          operator,
          network,
        ]);
      }
    }
  }

  // A paid order and the packages it produced, so the record pages and Card.create have something to show.
  const orderId = await insertId(
    q,
    `INSERT INTO orders (user_id, iccid, package_id, agent_flag, amount, tax_amount, currency, renewal, status,
                         provider, provider_ref, email, lang, created_at, paid_at, fulfilled_at)
     VALUES ($1, '89880000000000000001', $2, '2', 3900, 273, 'USD', true, 'fulfilled', 'sandbox', 'demo-order-1',
             $3, 'en', $4, $4, $4)
     RETURNING id`,
    [demoId, packageIds.get('eu-20gb-30d'), DEMO_USER.email, ts(-9)],
  );
  // The packages bought before: the one in force on each card that has one (see CARDS) and some history.
  const records: Array<[string, string, 'active' | 'init' | 'stop' | 'invalid', number | null, number]> = [
    ...CARDS.flatMap((card): Array<[string, string, 'active', number | null, number]> =>
      card.active ? [[card.iccid, card.active.code, 'active', card.expiresInDays ?? 30, card.active.usedBytes]] : [],
    ),
    ['89880000000000000001', 'eu-5gb-30d', 'init', null, 0],
    ['89880000000000000001', 'global-1gb-7d', 'stop', -20, 1 * GB],
    ['89880000000000000003', 'eu-5gb-30d', 'invalid', -3, 5 * GB],
  ];
  for (const [iccid, code, status, expiresInDays, usedBytes] of records) {
    const pkg = PACKAGES.find((entry) => entry.code === code);
    const card = CARDS.find((entry) => entry.iccid === iccid);
    const validityDays = pkg?.validityDays ?? 30;
    const live = status === 'active' || status === 'init';
    const row = await q.one<{ id: number }>(
      `INSERT INTO card_packages (iccid, package_id, order_id, name, status, data_bytes, used_bytes, unlimited,
                                  validity_days, started_at, expire_timestamp, provider, provider_state, usage_at,
                                  throttled, ended_reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
      [
        iccid,
        packageIds.get(code),
        code === 'eu-20gb-30d' && iccid === '89880000000000000001' ? orderId : null,
        englishName(code),
        status,
        pkg?.unlimited ? null : (pkg?.dataBytes ?? null),
        usedBytes,
        pkg?.unlimited ?? false,
        validityDays,
        expiresInDays === null ? null : ts(Math.min(-1, expiresInDays - validityDays)),
        expiresInDays === null ? null : at(expiresInDays),
        live ? 'simulator' : null,
        live ? 'applied' : 'none',
        status === 'active' ? ts(-0.05) : null,
        status === 'active' && (card?.active?.throttled ?? false),
        status === 'stop' ? 'expired' : status === 'invalid' ? 'revoked' : null,
      ],
    );
    if (!row || !live) continue;
    // The simulated network carries the same package (a real provider would, with its own records).
    await q.query(
      `INSERT INTO simulator_assignments (id, iccid, reference, bundle, state, initial_bytes, used_bytes, unlimited,
                                         validity_days, fair_use_daily_bytes, day_used_bytes, day, started_at,
                                         ends_at, assigned_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        `sim_demo_${row.id}`,
        iccid,
        String(row.id),
        code,
        status === 'active' ? 'active' : 'queued',
        pkg?.unlimited ? null : (pkg?.dataBytes ?? null),
        usedBytes,
        pkg?.unlimited ?? false,
        validityDays,
        pkg?.fairUseDailyBytes ?? null,
        card?.active?.throttled ? (pkg?.fairUseDailyBytes ?? 0) : 0,
        new Date(now).toISOString().slice(0, 10),
        status === 'active' && expiresInDays !== null ? ts(Math.min(-1, expiresInDays - validityDays)) : null,
        status === 'active' && expiresInDays !== null ? ts(expiresInDays) : null,
        ts(-12),
      ],
    );
    await q.query(`UPDATE card_packages SET provider_assignment = $2 WHERE id = $1`, [row.id, `sim_demo_${row.id}`]);
  }
  // The network's view of the demo cards (status, where they were seen) and its clock.
  for (const card of CARDS.filter((entry) => !entry.thirdParty)) {
    // A card in service or suspended has been on the network before (a suspended one comes back Activated).
    const seen = card.status !== 'Ready';
    await q.query(
      `INSERT INTO simulator_cards (iccid, status, country, network, last_seen_at) VALUES ($1, $2, $3, $4, $5)`,
      [card.iccid, card.status, seen ? 'FR' : null, seen ? 'Orange F' : null, seen ? ts(-0.05) : null],
    );
  }
  await q.query(
    `UPDATE cards c SET last_seen_country = s.country, last_seen_network = s.network, last_seen_at = s.last_seen_at
       FROM simulator_cards s WHERE s.iccid = c.iccid AND s.last_seen_at IS NOT NULL`,
  );
  // The network's view of the demo slot's profiles: enabled, failed to install (it stays failed), deleted.
  for (const card of CARDS.filter((entry) => entry.eid && entry.action)) {
    const state = card.action === 'enable' ? 'enabled' : card.action === 'install_fail' ? 'install_fail' : 'deleted';
    await q.query(
      `INSERT INTO simulator_profiles (iccid, eid, reference, smdp_address, matching_id, state, fail_reason,
                                       released_at, state_at, installed_at)
       VALUES ($1, $2, $3, 'smdp.example.com', $4, $5, $6, $7, $8, $9)`,
      [
        card.iccid,
        card.eid,
        `demo-${card.iccid}`,
        `DEMO-${card.iccid.slice(-4)}`,
        state,
        state === 'install_fail' ? 'the device has no room for another profile' : null,
        ts(-10),
        ts(-5),
        state === 'install_fail' ? null : ts(-5),
      ],
    );
  }
  await q.query(
    `UPDATE esim_profiles p SET provider_state = s.state, fail_reason = s.fail_reason
       FROM simulator_profiles s WHERE s.iccid = p.iccid`,
  );
  await q.query(`INSERT INTO simulator_clock (id, ticked_at) VALUES (true, $1)`, [new Date(now)]);
  await recomputeCards(
    q,
    CARDS.map((card) => card.iccid),
  );

  const poolId = await insertId(
    q,
    `INSERT INTO pools (pool_object_id, user_id, package_id, name, kind, status, total_bytes, used_bytes, total_days,
                        pool_lines, expire_timestamp)
     VALUES ($1, $2, $3, 'Family plan', 3, 'Activated', $4, $5, 30, 5, $6) RETURNING id`,
    [DEMO_POOL_ID, demoId, packageIds.get('pool-eu-50gb-30d'), 50 * GB, Math.round(18.5 * GB), at(17)],
  );
  const poolMembers = ['89880000000000000001', '89880000000000000007'];
  for (const iccid of poolMembers) {
    await q.query(`INSERT INTO pool_members (pool_id, iccid) VALUES ($1, $2)`, [poolId, iccid]);
  }
  const poolPackageId = await insertId(
    q,
    `INSERT INTO card_packages (pool_id, package_id, name, status, data_bytes, used_bytes, validity_days, started_at,
                                expire_timestamp, provider, provider_state, provider_assignment)
     VALUES ($1, $2, 'Shared 50 GB, 5 lines', 'active', $3, $4, 30, $5, $6, 'simulator', 'applied', 'simpool_demo')
     RETURNING id`,
    [poolId, packageIds.get('pool-eu-50gb-30d'), 50 * GB, Math.round(18.5 * GB), ts(-13), at(17)],
  );
  // The simulated network's shared bundle of the demo pool: its two cards draw from it (what each used so far).
  await q.query(
    `INSERT INTO simulator_pools (id, reference, bundle, state, initial_bytes, used_bytes, validity_days, started_at,
                                  ends_at, assigned_at)
     VALUES ('simpool_demo', $1, 'pool-eu-50gb-30d', 'active', $2, $3, 30, $4, $5, $4)`,
    [String(poolPackageId), 50 * GB, Math.round(18.5 * GB), ts(-13), ts(17)],
  );
  for (const [index, iccid] of poolMembers.entries()) {
    const used = index === 0 ? Math.round(11 * GB) : Math.round(7.5 * GB);
    await q.query(`INSERT INTO simulator_pool_lines (pool_id, iccid, used_bytes) VALUES ('simpool_demo', $1, $2)`, [
      iccid,
      used,
    ]);
    await q.query(`INSERT INTO pool_line_usage (card_package_id, iccid, used_bytes) VALUES ($1, $2, $3)`, [
      poolPackageId,
      iccid,
      used,
    ]);
  }

  // Adverts: 1 popup, 2 banner, 3 float, 4 top, 5 recall. English is the row's own text; every other language of
  // the site gets its title, button text and picture (which carries the title) in activity_translations.
  for (const [index, advert] of ADVERTS.entries()) {
    const english = PROMOTION_TEXTS.en.adverts[advert.key];
    const picture = (lang: Language) =>
      advert.adType === 3
        ? demoGiftImage(advert.panel)
        : demoImage(PROMOTION_TEXTS[lang].adverts[advert.key].title, advert.panel, 750, 300, {
            rtl: RTL_LANGUAGES.includes(lang),
          });
    const id = await insertId(
      q,
      `INSERT INTO activities (ad_type, position, title, image, link, btn_text, show_number, show_rule,
                               background_color, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        advert.adType,
        advert.position,
        english.title,
        picture('en'),
        advert.link,
        english.btn ?? null,
        advert.showNumber ?? null,
        advert.showRule ?? null,
        advert.background ?? null,
        index,
      ],
    );
    for (const lang of LANGUAGE_CODES.filter((code) => code !== 'en')) {
      const text = PROMOTION_TEXTS[lang].adverts[advert.key];
      await q.query(
        `INSERT INTO activity_translations (activity_id, lang, title, btn_text, image) VALUES ($1, $2, $3, $4, $5)`,
        [id, lang, text.title, text.btn ?? null, advert.adType === 3 ? null : picture(lang)],
      );
    }
  }

  // Notices: for everyone, for agent 2's cards, for card …0007; in English with the other languages beside.
  const notices: Array<{ key: NoticeKey; agentFlag?: string; iccid?: string; age: number }> = [
    { key: 'welcome', age: -30 },
    { key: 'maintenance', agentFlag: '2', age: -2 },
    { key: 'expiring', iccid: '89880000000000000007', age: -0.5 },
  ];
  for (const notice of notices) {
    const english = PROMOTION_TEXTS.en.notices[notice.key];
    const id = await insertId(
      q,
      `INSERT INTO notices (agent_flag, iccid, title, content, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [notice.agentFlag ?? null, notice.iccid ?? null, english.title, english.content, ts(notice.age)],
    );
    for (const lang of LANGUAGE_CODES.filter((code) => code !== 'en')) {
      const text = PROMOTION_TEXTS[lang].notices[notice.key];
      await q.query(`INSERT INTO notice_translations (notice_id, lang, title, content) VALUES ($1, $2, $3, $4)`, [
        id,
        lang,
        text.title,
        text.content,
      ]);
    }
  }
}

/** Loads the demo data into an empty database; with reset, first empties every domain table. */
export async function seed(db: Db, options: { reset?: boolean; now?: number } = {}): Promise<boolean> {
  return db.tx(async (q) => {
    // Two instances starting on one empty database: the second waits, then finds it seeded.
    await q.query('SELECT pg_advisory_xact_lock(4021778)');
    if (options.reset) {
      await q.query(`TRUNCATE ${TABLES.join(', ')} RESTART IDENTITY CASCADE`);
    } else if (!(await isEmpty(q))) {
      return false;
    }
    await seedInto(q, options.now ?? Date.now());
    return true;
  });
}
