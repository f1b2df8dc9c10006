// Every entity of spec section 3 as a zod schema plus its inferred type (schema and type share one name).
// Wire names are the spec's (snake_case and camelCase mixed as the spec has them). These describe what the api
// sends; response objects are not strict (unknown fields are stripped), request schemas in calls.ts are.
// Fields marked "design:" are not in the spec; the screens need them and the spec leaves the payload open.
import { z } from 'zod';
import {
  Ccy,
  CountryCode,
  Email,
  Iccid,
  Id,
  MinorAmount,
  OrderId,
  PayMethod,
  PoolObjectId,
  RenewDiscount,
  StatusStr,
  TaxRate,
  UnixSeconds,
  Url,
} from './primitives';
import { AGENT_VERSIONS } from '../constants';

// ---- Cards, pools, slots -------------------------------------------------------------------------------------

/** A shared data pool as listed on the card list screen and the pool pages. */
export const PoolCardInfo = z.object({
  /** The pool_object_id. */
  id: PoolObjectId,
  /** Empty: the UI shows 'Shared Plan {index}'. */
  name: z.string(),
  /** 1 or 2 = day-based, anything else data-based. */
  kind: z.int(),
  available_days: z.int(),
  /** Days the pool has been active. */
  total_active: z.int(),
  total_str: z.string(),
  /** Total and remaining data in MB (the gauge uses remain / total). */
  total: z.number().nonnegative(),
  remain: z.number().nonnegative(),
  /** With an MB or GB suffix that the UI strips for display. */
  remain_str: z.string(),
  expire_date: z.string(),
  /** Expiry warning text; empty when there is none. */
  warn: z.string(),
  /**
   * design: the warning's day count ('2 days' → 2) for the screens to write in the reader's language; null when the
   * warning is an operator's own text or there is none. Absent from older apis (the screens then show warn).
   */
  warn_days: z.int().nonnegative().nullable().optional(),
  status_str: StatusStr,
  used_pool_lines: z.int().nonnegative(),
  pool_lines: z.int().nonnegative(),
});
export type PoolCardInfo = z.infer<typeof PoolCardInfo>;

/**
 * An eSIM card, and also a SIM card in the card list (`card` array). The server fills status_str from
 * card_status_str and expire_date (YYYY-MM-DD, UTC) from expire_timestamp, so the client needs no post-processing;
 * a screen may still re-format expire_timestamp for the reader's locale.
 */
export const EsimCardInfo = z.object({
  iccid: z.string(),
  /** Empty: 'eSIM' + last 4 ICCID digits (SIM: 'SIM' + last 4 characters). */
  name: z.string(),
  kind: z.int(),
  available_days: z.int(),
  total_active: z.int(),
  total_str: z.string(),
  /** Total and used data in MB; gauge = (total - used) / total. */
  total: z.number().nonnegative(),
  used: z.number().nonnegative(),
  remain_str: z.string(),
  /**
   * design: remaining data in MB (total − used; 0 for an unlimited or third-party card), and whether the plan is
   * unlimited (total_str and remain_str then say 'Unlimited'). The screens format the figures in the reader's
   * language; absent from older apis (the screens then show the _str texts).
   */
  remain_mb: z.number().nonnegative().optional(),
  unlimited: z.boolean().optional(),
  expire_date: z.string(),
  warn: z.string(),
  /**
   * design: the warning's day count ('2 days' → 2) for the screens to write in the reader's language; null when the
   * warning is an operator's own text or there is none. Absent from older apis (the screens then show warn).
   */
  warn_days: z.int().nonnegative().nullable().optional(),
  /** Third-party card: inventory status, zero data, a note and no gauge. */
  is_third_party: z.boolean(),
  /** install_fail or delete make the card a warning with its own label; null when nothing happened. */
  action: z.enum(['install_fail', 'delete']).nullable(),
  card_status_str: StatusStr,
  /** Seconds; null when the card has no expiry yet (not activated). */
  expire_timestamp: UnixSeconds.nullable(),
  status_str: StatusStr,
  hasKeys: z.boolean(),
});
export type EsimCardInfo = z.infer<typeof EsimCardInfo>;

/** The card page's card (getCard, refresh). */
export const Card = z.object({
  /** design: the card the page shows, echoed so a stale response can be recognised. */
  iccid: z.string(),
  /** design: the holder's name for the card ('' = default name). */
  name: z.string(),
  status_str: StatusStr,
  expire_date: z.string(),
  /** design: remaining days (spec section 1: the card page shows them). */
  available_days: z.int(),
  used_str: z.string(),
  total_str: z.string(),
  /** design: used and total data in MB for the gauge; total 0 with unlimited true means no cap. */
  used: z.number().nonnegative(),
  total: z.number().nonnegative(),
  /** design: seconds of the last usage update from the network (users see that the figure can lag); null unknown. */
  usage_updated_at: UnixSeconds.nullable(),
  /** design: the country (ISO 3166-1 alpha-2) the network last saw the card in, and when (seconds); null unknown. */
  last_seen_country: z.string().nullable().optional(),
  last_seen_at: UnixSeconds.nullable().optional(),
  /** E-mail bound to the card ('' when none). */
  card_email: z.string(),
  /** 2 = speed limited (fair-use limit reached). */
  kind: z.int(),
  /** Auto-renew is on. */
  renewal: z.boolean(),
  /** Time of the last order (seconds); the renewal reminder differs when it lies in the future. null: no order. */
  create: UnixSeconds.nullable(),
  show_alert: z.boolean(),
  unlimited: z.boolean(),
  /** The card belongs to an agent (login view when there is no receipt, agent version 2). */
  in_agent: z.boolean(),
  agent_version: z.literal(AGENT_VERSIONS),
  /** 1 shows card info, 2 profile info. */
  card_kind: z.literal([1, 2]),
  /**
   * Owner; 0 = unbound. The caller's own id on the caller's card; -1 on a card another account owns (the login
   * gating warns; whose card it is stays unsaid, so an ICCID guess learns nothing about the account).
   */
  user_id: z.int().min(-1),
  show_share_plan: z.boolean(),
  hasKeys: z.boolean(),
  /** Expiry warning text ('expire in' + warn on the page); '' or absent when none. */
  warn: z.string().optional(),
  /**
   * design: the warning's day count ('2 days' → 2) for the screens to write in the reader's language; null when the
   * warning is an operator's own text or there is none. Absent from older apis (the screens then show warn).
   */
  warn_days: z.int().nonnegative().nullable().optional(),
  /** A third-party card: inventory status, zero data, a note and no gauge (spec section 4). */
  is_third_party: z.boolean().optional(),
  /**
   * The caller is logged in and another account owns the card (decided by the server, which knows the caller):
   * the page warns and hides the shared plan (spec section 4). Absent for visitors.
   */
  other_user: z.boolean().optional(),
});
export type Card = z.infer<typeof Card>;

export const AgentInfo = z.object({
  flag: z.string(),
  paypal: z.boolean(),
  ccy: z.string(),
  lang: z.string(),
});
export type AgentInfo = z.infer<typeof AgentInfo>;

/** An eSIM slot (an eUICC, identified by EID). Free slots = max(0, total_slot - usage_slot). */
export const EidItem = z.object({
  eid: z.string(),
  /** ICCID of the profile currently enabled on the slot ('' when none). */
  iccid: z.string(),
  /** Empty: 'eSim Slot' + index. */
  name: z.string(),
  status: StatusStr,
  total_slot: z.int().nonnegative(),
  usage_slot: z.int().nonnegative(),
});
export type EidItem = z.infer<typeof EidItem>;

/** /eid/info: the slot plus the e-mail bound through /eid/setEmail (design: the settings page shows it). */
export const EidInfo = EidItem.extend({ email: z.string() });
export type EidInfo = z.infer<typeof EidInfo>;

/** A profile on an eSIM slot (/eid/profileList). Design: the spec does not show it. */
export const EsimProfile = z.object({
  iccid: z.string(),
  name: z.string(),
  /** enabled: in use on the device; disabled: installed, not in use; pending: not installed yet. */
  state: z.enum(['enabled', 'disabled', 'pending']),
  status_str: StatusStr,
  action: z.enum(['install_fail', 'delete']).nullable(),
  /**
   * LPA activation code 'LPA:1$<SM-DP+ address>$<matching ID>' for manual install; '' once installed. The UI
   * derives the iOS 17.4+ one-tap link from it and warns that a QR code works once.
   */
  activation_code: z.string(),
  expire_date: z.string(),
  total_str: z.string(),
  remain_str: z.string(),
  /** design: total and remaining data in MB and the unlimited flag, for the reader's language (absent: older api). */
  total_mb: z.number().nonnegative().optional(),
  remain_mb: z.number().nonnegative().optional(),
  unlimited: z.boolean().optional(),
});
export type EsimProfile = z.infer<typeof EsimProfile>;

// ---- Packages -------------------------------------------------------------------------------------------------

/** Package of the old card view (getPkg `list`). Prices in minor units. */
export const OldPackage = z.object({
  id: Id,
  name: z.string(),
  price: MinorAmount,
  currency: Ccy,
  renewDiscount: RenewDiscount,
  taxRate: TaxRate,
  validity: z.string(),
  /** design: the validity in days, for the reader's language (absent from older apis: validity is then shown). */
  validity_days: z.int().nonnegative().optional(),
  area: z.string(),
  carriers: z.string(),
  /** How the package activates (at purchase, at first use, at install), as display text. */
  htu: z.string(),
  desc: z.string(),
  tag: z.string(),
  lang: z.string(),
  pkg_type_id: Id,
  /** The package can be bought with auto-renew. */
  renewal: z.boolean(),
});
export type OldPackage = z.infer<typeof OldPackage>;

/** Package of the new card view (getPkg `newList` / `recommendList`). Prices in minor units. */
export const NewPackage = z.object({
  id: Id,
  name: z.string(),
  /** 2 = first-pay package that forces auto-renew. */
  mode: z.int(),
  price: MinorAmount,
  discount_price: MinorAmount,
  renew_price: MinorAmount,
  currency: Ccy,
  currency_symbol: z.string(),
  taxRate: TaxRate,
  /** 'Recommend' or any other category text. */
  category: z.string(),
  /**
   * Design: the category's label in the language asked for (English when it has none); `category` stays the stable
   * key that tabs, recommendations and ?type= match on. Absent from older answers: show `category` then.
   */
  category_label: z.string().optional(),
  tag: z.string(),
  tag_background_color: z.string(),
  tag_words_color: z.string(),
  left_tag: z.string(),
  main_title: z.string(),
  secondary_title: z.string(),
  sub_title: z.string(),
  pkg_style_icon: z.string(),
  pkg_price_tip: z.string(),
  subscribe_tips: z.string(),
  pkg_type_id: Id,
  renewal: z.boolean(),
  /** design: coverage shown on the package (users confuse Austria and Australia). */
  area: z.string(),
  /** design: validity text ('30 days') and when it starts (users ask). */
  validity: z.string(),
  /** design: the validity in days, for the reader's language (absent from older apis: validity is then shown). */
  validity_days: z.int().nonnegative().optional(),
  validity_start: z.enum(['purchase', 'first_use', 'install']),
});
export type NewPackage = z.infer<typeof NewPackage>;

/** getPkg: the old view reads `list`, the new view the rest. typeList has 'All' first when it has entries. */
export const PackageResponse = z.object({
  list: z.array(OldPackage).default([]),
  newList: z.array(NewPackage).default([]),
  recommendList: z.array(NewPackage).default([]),
  typeList: z.array(z.string()).default([]),
  /**
   * Design: typeList entry (the stable category key) → its label in the language asked for; a key without one (and
   * 'All', which the screens translate) shows as it is. Absent from older answers.
   */
  typeLabels: z.record(z.string(), z.string()).optional(),
});
export type PackageResponse = z.infer<typeof PackageResponse>;

/** A product of the eSIM shop (/esim/goodsList): a new-list package with its product id for coverage. */
export const EsimGoods = NewPackage.extend({ esim_product_id: Id });
export type EsimGoods = z.infer<typeof EsimGoods>;

/**
 * What the payment sheet shows and buys. Built by the screen that opens checkout from a package or pool plan
 * (not sent by the api as such). Prices as display strings plus, design: `price` in minor units for the tax line.
 */
export const Goods = z.object({
  id: Id,
  name: z.string(),
  /** Validity as the reader's language writes it ('30 Tage'). */
  validity: z.string(),
  /** design: the validity in days when the package gave it. */
  validity_days: z.int().nonnegative().optional(),
  area: z.string(),
  carriers: z.string(),
  htu: z.string(),
  desc: z.string(),
  price: MinorAmount,
  price_str: z.string(),
  renew_price_str: z.string(),
  renewal: z.boolean(),
  taxRate: TaxRate,
  subscribe_tips: z.string(),
  show_paypal: z.boolean(),
  mode: z.int(),
  lang: z.string(),
  currency: Ccy,
  /** Only for shared-pool plans. */
  pool_type_id: Id.nullable(),
});
export type Goods = z.infer<typeof Goods>;

/** A shared-pool plan (getPoolPkgList). */
export const PoolPlan = z.object({
  id: Id,
  tag: z.string(),
  main_title: z.string(),
  secondary_title: z.string(),
  pool_lines: z.int().positive(),
  price_str: z.string(),
  currency_symbol: z.string(),
  /** design: minor units, currency and coverage id so the pay sheet can build Goods and the coverage sheet. */
  price: MinorAmount,
  currency: Ccy,
  pool_type_id: Id,
});
export type PoolPlan = z.infer<typeof PoolPlan>;

export const PackageRecordStatus = z.enum(['active', 'init', 'stop', 'invalid']);
export type PackageRecordStatus = z.infer<typeof PackageRecordStatus>;

/** A purchased package (card or pool). Design beyond expire_date/status_str: what the record screen lists. */
export const PackageRecord = z.object({
  id: Id,
  name: z.string(),
  status_str: PackageRecordStatus,
  expire_date: z.string(),
  /** Purchase time, seconds. */
  create: UnixSeconds,
  total_str: z.string(),
  used_str: z.string(),
  /**
   * design: used and total data in MB (total null when the package has no data figure) and whether it is unlimited,
   * for the screens to write in the reader's language. Absent from older apis (the screens then show the _str texts).
   */
  used_mb: z.number().nonnegative().optional(),
  total_mb: z.number().nonnegative().nullable().optional(),
  unlimited: z.boolean().optional(),
  /** Auto-renew is on for this package (/pkg/update switches it off). */
  renewal: z.boolean(),
  /**
   * design: the package at the network: 'pending' (paid, being set up), 'applied' (the network carries it),
   * 'refused' (the network refused it; the order is refunded). Absent on records that predate the network side.
   */
  network: z.enum(['pending', 'applied', 'refused']).optional(),
});
export type PackageRecord = z.infer<typeof PackageRecord>;

/** Records grouped by status: list1 active, list2 init (not started), list3 stop or invalid. */
export const PackageRecordGroups = z.object({
  list1: z.array(PackageRecord),
  list2: z.array(PackageRecord),
  list3: z.array(PackageRecord),
});
export type PackageRecordGroups = z.infer<typeof PackageRecordGroups>;

// ---- Promotions -----------------------------------------------------------------------------------------------

export const Banner = z.object({
  image: z.string(),
  title: z.string(),
  link: z.string(),
  /** Carousel background while this banner shows; '' falls back to #FFAC79. */
  backgroundColor: z.string(),
});
export type Banner = z.infer<typeof Banner>;

export const FloatItem = z.object({
  image: z.string(),
  link: z.string(),
  /** Design: the advert id, so the gift link can be resolved with the card (message/activity/linkData). */
  id: Id.optional(),
});
export type FloatItem = z.infer<typeof FloatItem>;

/** The raw advert the operator configures; grouped by adType into the activity lists. */
export const Advert = z.object({
  id: Id,
  /** 1 popup, 2 banner, 3 float, 4 top, 5 recall, other values are ignored by the screens. */
  adType: z.int(),
  image: z.string(),
  title: z.string(),
  link: z.string(),
  backgroundColor: z.string(),
  btnText: z.string(),
  showNumber: z.int().nonnegative(),
  showRule: z.int().nonnegative(),
});
export type Advert = z.infer<typeof Advert>;

export const Popup = z.object({
  id: Id,
  image: z.string(),
  link: z.string(),
  title: z.string(),
  /** '' shows the default 'Go'. */
  btnText: z.string(),
  /** Maximum times shown on this device. */
  showNumber: z.int().nonnegative(),
  /** Minimum seconds between two shows. */
  showRule: z.int().nonnegative(),
});
export type Popup = z.infer<typeof Popup>;

/** Kept in local storage under ActivityPopup{id}: how often and when (ms epoch) a pop-up was last shown. */
export const PopupShowState = z.object({ showCount: z.int().nonnegative(), showTime: z.number().nonnegative() });
export type PopupShowState = z.infer<typeof PopupShowState>;

/** Recall offer: a free data plan (RECALL_PLAN_DAYS) through an external shop link. */
export const RecallItem = z.object({ id: Id, image: z.string(), title: z.string(), link: z.string() });
export type RecallItem = z.infer<typeof RecallItem>;

export const ActivityResponse = z.object({
  topList: z.array(Banner).default([]),
  bannerList: z.array(Banner).default([]),
  floatList: z.array(FloatItem).default([]),
  recallList: z.array(RecallItem).default([]),
  popupList: z.array(Popup).default([]),
});
export type ActivityResponse = z.infer<typeof ActivityResponse>;

/** Notices (/get/notice, /v1/message/notifyDetail). Design: the spec does not show the payload. */
export const Notice = z.object({
  id: Id,
  title: z.string(),
  content: z.string(),
  /** Optional link the notice opens ('' = none). */
  link: z.string(),
  /** Publication time, seconds. */
  create: UnixSeconds,
  read: z.boolean(),
});
export type Notice = z.infer<typeof Notice>;

// ---- Address, regions, coverage ------------------------------------------------------------------------------

export const Address = z.object({
  email: Email,
  /** Default US. */
  country: CountryCode,
  /** A US or CA region code from the dropdown, free text elsewhere. */
  region: z.string().trim().min(1).max(64),
  city: z.string().trim().min(1).max(64),
  postalCode: z.string().trim().min(1).max(16),
  line1: z.string().trim().min(1).max(128),
  iccid: Iccid,
});
export type Address = z.infer<typeof Address>;

/** /save/address answer: the stored address with the tax rate that applies to it. */
export const SavedAddress = z.object({
  taxRate: TaxRate,
  country: z.string(),
  region: z.string(),
  city: z.string(),
  line1: z.string(),
  postalCode: z.string(),
});
export type SavedAddress = z.infer<typeof SavedAddress>;

export const RegionClassification = z.enum(['State', 'District', 'Outlying Area']);
export const UsRegion = z.object({
  countryCode: z.literal('US'),
  code: z.string(),
  name: z.string(),
  classification: RegionClassification,
  /** Member of the Streamlined Sales Tax agreement. */
  streamlinedSalesTax: z.boolean(),
  /** Language code → name; only where the name differs from the English one. */
  localizedNames: z.record(z.string(), z.string()),
  isRegionTaxable: z.boolean(),
});
export type UsRegion = z.infer<typeof UsRegion>;

export const NetworkOperator = z.object({ name: z.string(), networkType: z.string() });
export type NetworkOperator = z.infer<typeof NetworkOperator>;

export const CoverageCountry = z.object({
  name: z.string(),
  /** Flag image URL. */
  img: z.string(),
  operators: z.array(NetworkOperator),
});
export type CoverageCountry = z.infer<typeof CoverageCountry>;

export const CoverageResponse = z.object({ countries: z.array(CoverageCountry) });
export type CoverageResponse = z.infer<typeof CoverageResponse>;

// ---- Site, account --------------------------------------------------------------------------------------------

export const Config = z.object({
  lang_list: z.array(z.string()),
  ccy_list: z.array(z.string()),
  /** Where the login page lives (the shell's /user/login unless an agent hosts its own). */
  login_url: z.string(),
  android_download: z.string(),
  ios_download: z.string(),
  production: z.boolean(),
  /**
   * Third-party login per provider: '' when it is not configured, 'demo' when the local demo provider stands in for
   * it (`pnpm start` without a real app; the login page labels the button as a demo), else the app's client id.
   */
  facebook: z.string(),
  google: z.string(),
  /**
   * The configured support chat (an http(s) URL; the page adds email and iccid query parameters). Absent or '':
   * the built-in support chat opens.
   */
  support_url: z.string().optional(),
  /**
   * Design: where the side drawer's store entry leads (an http(s) URL or a path of this site; the api answers '/',
   * the shop's start page, when none is configured). Absent from older answers.
   */
  store_url: z.string().optional(),
});
export type Config = z.infer<typeof Config>;

export const User = z.object({ email: z.string(), user_id: z.int().positive() });
export type User = z.infer<typeof User>;

export const UserSettings = z.object({
  /** Region (country code), default US. */
  area: z.string(),
  ccy: z.string(),
});
export type UserSettings = z.infer<typeof UserSettings>;

/** /v1/user/info: the user and, design, the synced settings so a new device picks them up. */
export const UserInfo = User.extend(UserSettings.shape);
export type UserInfo = z.infer<typeof UserInfo>;

/** Login and sign-up answer: the receipt (bearer token) and who it belongs to. */
export const AuthSession = z.object({ token: z.string(), email: z.string(), user_id: z.int().positive() });
export type AuthSession = z.infer<typeof AuthSession>;

// ---- Payments -------------------------------------------------------------------------------------------------

export const PayCheckResponse = z.object({
  /** The address/tax dialog must be filled before paying. */
  isShowAddress: z.boolean(),
  isShowPayPal: z.boolean(),
  /** The card still has an unused package: show the unusedPackage warning before buying. */
  unusedPackage: z.boolean(),
  /**
   * Design: Stripe's publishable key when Stripe takes this card payment; the sheet then loads Stripe.js for its
   * device fingerprint (never needed to pay).
   */
  stripeKey: z
    .string()
    .regex(/^pk_[A-Za-z0-9_]+$/)
    .optional(),
  /**
   * Design: with isShowAddress, the buyer's last saved billing address to start the form with: a logged-in caller's
   * own last address, a visitor's the last one a visitor saved for this card. Absent when there is none.
   */
  savedAddress: Address.omit({ iccid: true }).optional(),
});
export type PayCheckResponse = z.infer<typeof PayCheckResponse>;

export const PayCreateResponse = z.object({
  /** The browser is sent here (provider or sandbox pay page). */
  pay_url: Url,
  /** design: lets the return page ask /pay/search about this order. */
  order_id: OrderId,
  pay: PayMethod,
});
export type PayCreateResponse = z.infer<typeof PayCreateResponse>;

export const OrderStatus = z.enum(['pending', 'paid', 'cancelled', 'failed']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** payResume. Design: the page to pay on (absent when the order is paid already) and the order it pays. */
export const PayResumeResponse = z.object({
  order_id: OrderId,
  status: OrderStatus,
  pay_url: Url.optional(),
  pay: PayMethod.optional(),
});
export type PayResumeResponse = z.infer<typeof PayResumeResponse>;

/** /pay/search. Design: status of one order, fulfilled only from a verified provider event. */
export const PaySearchResponse = z.object({ order_id: OrderId, status: OrderStatus });
export type PaySearchResponse = z.infer<typeof PaySearchResponse>;

/** An order in the order records (/order, /pay/order). Design. */
export const OrderRecord = z.object({
  order_id: OrderId,
  iccid: z.string(),
  name: z.string(),
  /** The price before tax; the total charged is amount + tax (minor units of `currency`). */
  amount: MinorAmount,
  tax: MinorAmount,
  currency: Ccy,
  pay: PayMethod,
  status: OrderStatus,
  /**
   * design: paid back (the network refused what was bought); status says 'failed' to screens that predate this
   * field. Absent when not refunded.
   */
  refunded: z.boolean().optional(),
  /** design: the buyer's bank is disputing the payment (the package is stopped). Absent when not disputed. */
  disputed: z.boolean().optional(),
  renewal: z.boolean(),
  /** Seconds. */
  create: UnixSeconds,
});
export type OrderRecord = z.infer<typeof OrderRecord>;

// ---- Lists ----------------------------------------------------------------------------------------------------

/**
 * Why a card of the user's cannot join the pool (design): already in this pool, in another (activated) pool, a
 * third-party card, or an eSIM profile that is not usable (deleted or failed to install).
 */
export const CandidateReason = z.enum(['in_this_pool', 'in_other_pool', 'third_party', 'unusable']);
export type CandidateReason = z.infer<typeof CandidateReason>;

/**
 * Pool add sheet: bindable (valid) and non-bindable (invalid) ICCIDs. Design: `reasons` gives each invalid ICCID's
 * reason for the sheet to show, `lines_left` how many more cards the pool (or the plan's new pool) takes.
 */
export const CandidateCards = z.object({
  valid: z.array(z.string()),
  invalid: z.array(z.string()),
  reasons: z.record(z.string(), CandidateReason).optional(),
  lines_left: z.int().nonnegative().optional(),
});
export type CandidateCards = z.infer<typeof CandidateCards>;

/** The card list home screen: SIM cards, eSIM cards, eSIM slots, pools. */
export const CardListResponse = z.object({
  card: z.array(EsimCardInfo),
  esim: z.array(EsimCardInfo),
  eid: z.array(EidItem),
  pool: z.array(PoolCardInfo),
});
export type CardListResponse = z.infer<typeof CardListResponse>;

/** ICCIDs the user bought (or had remembered) that no account owns yet. */
export const UnboundList = z.object({ list: z.array(z.string()) });
export type UnboundList = z.infer<typeof UnboundList>;
