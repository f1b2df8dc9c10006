// Request and response (the envelope's `data`) schema of every call of spec section 7. Requests are strict objects:
// the api rejects unknown fields, wrong types and oversized input with a catalogue error (10002). Paths live in
// ../calls.ts so the browser can use them without loading zod; a test keeps the two maps in step.
// Where the spec says "payload not shown", the comment says what we designed and why.
import { z } from 'zod';
import { BIND_BATCH_MAX } from '../calls';
import {
  ActivityResponse,
  AgentInfo,
  Address,
  AuthSession,
  CandidateCards,
  Card,
  CardListResponse,
  Config,
  CoverageResponse,
  EidInfo,
  EsimCardInfo,
  EsimGoods,
  EsimProfile,
  Notice,
  OrderRecord,
  PackageRecordGroups,
  PackageResponse,
  PayCheckResponse,
  PayCreateResponse,
  PayResumeResponse,
  PaySearchResponse,
  PoolPlan,
  SavedAddress,
  UnboundList,
  User,
  UserInfo,
  UserSettings,
} from './entities';
import {
  AuthToken,
  Ccy,
  CountryCode,
  DisplayName,
  Eid,
  Email,
  EmptyRequest,
  Flag,
  Iccid,
  Id,
  Lang,
  MinorAmount,
  NoData,
  OrderId,
  PayMethod,
  Password,
  PoolObjectId,
  RenewDiscount,
  StatusStr,
  UnixSeconds,
  Url,
  VerificationCode,
} from './primitives';

/** Most batch calls take at most this many ICCIDs at once. */
const BATCH_MAX = 200;
/** A card's monthly auto-renewal spending cap (minor units and currency), or none. */
const RenewalCap = z.object({ amount: MinorAmount.nonnegative().nullable(), ccy: Ccy.nullable() });
const IccidBatch = z.array(Iccid).min(1).max(BATCH_MAX);
/** Percent of data left that raises an alert: at most three, each 1-99, each once. */
const AlertThresholds = z
  .array(z.int().min(1).max(99))
  .max(3)
  .refine((values) => new Set(values).size === values.length, 'each threshold once');
const AlertSettings = z.object({
  thresholds: z.array(z.int()),
  expiry: z.boolean(),
  mail: z.boolean(),
  email: z.string(),
});
/** Design (issue 23): a payment method saved for auto-renewal, as its payer sees it in /user/info. */
const SavedPaymentMethod = z.object({
  id: Id,
  /** Who keeps it: the built-in sandbox, Stripe (a card) or PayPal. */
  provider: z.enum(['sandbox', 'stripe', 'paypal']),
  /** Card ('stripe') or PayPal, as the buyer chose in the sheet. */
  pay: PayMethod,
  /** The card's brand ('visa', 'mastercard', ...), its last four digits and expiry, when the provider told them. */
  brand: z.string().nullable(),
  last4: z
    .string()
    .regex(/^[0-9]{4}$/)
    .nullable(),
  exp_month: z.int().min(1).max(12).nullable(),
  exp_year: z.int().nullable(),
  /** Saved at (seconds). */
  create: UnixSeconds,
  /** The account's cards (iccid) and pools (pool_object_id) it renews, with their names when given. */
  renews: z.array(
    z.object({ iccid: z.string().optional(), pool_object_id: z.string().optional(), name: z.string().nullable() }),
  ),
});
/** Where an activity list is shown (card detail slots, or 'index,sIMCard.TC' on the card list screen). */
const Position = z.string().min(1).max(128);
/** Why a verification code is requested: each scene's code only works for its own call. */
const CodeScene = z.enum(['signup', 'reset', 'email']);

// ---- Card page -------------------------------------------------------------------------------------------------

const cardPage = {
  /** Which agent a card belongs to; the page moves to /{flag}/{iccid} with the answer. */
  checkCard: {
    request: z.strictObject({ flag: Flag, iccid: Iccid, auth_token: AuthToken.optional() }),
    response: z.object({ flag: z.string(), iccid: z.string() }),
  },
  getCard: {
    request: z.strictObject({ flag: Flag, iccid: Iccid, lang: Lang }),
    response: Card,
  },
  /** Reloads the status from the network; 10101/10103 send the page to the default flag. */
  refresh: {
    request: z.strictObject({ flag: Flag, iccid: Iccid }),
    response: Card,
  },
  getAgent: {
    request: z.strictObject({ iccid: Iccid }),
    response: AgentInfo,
  },
  getPkg: {
    request: z.strictObject({ iccid: Iccid, lang: Lang, ccy: Ccy }),
    response: PackageResponse,
  },
  /** Design: switches auto-renew of one purchased package (record id); off shows autoRenewCancelled. */
  pkgUpdate: {
    request: z.strictObject({ iccid: Iccid, id: Id, renewal: z.boolean() }),
    response: NoData,
  },
  /** Purchased packages of a card, grouped by status. */
  pkgRecord: {
    request: z.strictObject({ iccid: Iccid, lang: Lang }),
    response: PackageRecordGroups,
  },
  /** Coverage countries of a package type, pool type or eSIM product: exactly one of the three ids. */
  getProductCountry: {
    request: z.union([
      z.strictObject({ pkg_type_id: Id, lang: Lang.optional() }),
      z.strictObject({ pool_type_id: Id, lang: Lang.optional() }),
      z.strictObject({ esim_product_id: Id, lang: Lang.optional() }),
    ]),
    response: CoverageResponse,
  },
  /** Design: an analytics event, e.g. a banner tap reported under the banner's title. */
  event: {
    request: z.strictObject({
      name: z.string().min(1).max(128),
      iccid: Iccid.optional(),
      position: Position.optional(),
      link: Url.optional(),
    }),
    response: NoData,
  },
  /**
   * Unlock: the network lifts the card's suspension (the spec's limit, 10005, counts real unlocks). Design: says what
   * happened ('unsuspended', or 'not_suspended' when there was nothing to lift) and the card's status after it.
   */
  unlock: {
    request: z.strictObject({ iccid: Iccid }),
    response: z.object({ result: z.enum(['unsuspended', 'not_suspended']), status_str: StatusStr }),
  },
  /**
   * Notices. Design: `notice` is the newest unread one for the card page, `list` all of them (newest first) for
   * the notices page, `unread` the badge count on the notice icon. iccid may be absent on the notices page.
   */
  checkNotice: {
    request: z.strictObject({ iccid: Iccid.optional(), lang: Lang, ccy: Ccy.optional() }),
    response: z.object({ notice: Notice.nullable(), list: z.array(Notice), unread: z.int().nonnegative() }),
  },
  /** Banners, pop-ups, float and recall for one position (also the gift check of the floating button). */
  getActivityList: {
    request: z.strictObject({
      iccid: Iccid.optional(),
      lang: Lang,
      position: Position,
      auth_token: AuthToken.optional(),
    }),
    response: ActivityResponse,
  },
  /** Design: the link an advert opens, resolved server side with the card's context (gift links carry it). */
  activityLinkData: {
    request: z.strictObject({ id: Id, iccid: Iccid.optional() }),
    response: z.object({ link: Url }),
  },
  /** Design: marks a notice read. */
  activityRead: {
    request: z.strictObject({ id: Id }),
    response: NoData,
  },
  /** Design: the alert a card page shows when Card.show_alert is set; null when there is none. */
  activityCardAlert: {
    request: z.strictObject({ iccid: Iccid, lang: Lang }),
    response: z.object({ alert: Notice.nullable() }),
  },
  /**
   * Design: one notice in full, in `lang` when translated (else its own text); opening it marks it read for the
   * logged-in caller (`read` true then; a visitor's mark stays on the device). A card's own notice needs that
   * card's `iccid` while no account owns the card, else its owner's login; a user's notice only its user (10024);
   * unknown or no longer in force 10025.
   */
  notifyDetail: {
    request: z.strictObject({ id: Id, lang: Lang.optional(), iccid: Iccid.optional() }),
    response: Notice,
  },
  /** Design: the support chat's URL, with the ICCID and e-mail passed along to the agent. */
  sendEchatIccid: {
    request: z.strictObject({ iccid: Iccid.optional(), email: Email.optional() }),
    response: z.object({ url: Url }),
  },
  /**
   * Design: the address is saved for the card (iccid) or, in the eSIM shop, for the slot's account (eid, with a
   * login): exactly one of the two.
   */
  saveAddress: {
    request: z.strictObject({ ...Address.shape, iccid: Iccid.optional(), eid: Eid.optional() }),
    response: SavedAddress,
  },
  /** Sends the order e-mail again; `id` is the order id (missing: errorOrderId on the client). */
  sendEmail: {
    request: z.strictObject({ id: OrderId, email: Email, lang: Lang }),
    response: NoData,
  },
  setEmail: {
    request: z.strictObject({ email: Email, iccid: Iccid }),
    response: NoData,
  },
  eidSetEmail: {
    request: z.strictObject({ email: Email, eid: Eid }),
    response: NoData,
  },
} as const;

// ---- Card list screen (served under /eshop/api) -----------------------------------------------------------------

const cardList = {
  getCardList: { request: EmptyRequest, response: CardListResponse },
  getUnbindList: { request: EmptyRequest, response: UnboundList },
  bindCard: { request: z.strictObject({ iccid: Iccid }), response: NoData },
  /**
   * Binds unbound ICCIDs, at most BIND_BATCH_MAX a call (the dialog shows only the first few and sends the rest in
   * further batches). All or nothing per call; an empty list is a no-op (spec section 5: batch bind does nothing
   * when the unbound list is empty).
   */
  bindCardList: { request: z.strictObject({ iccids: z.array(Iccid).max(BIND_BATCH_MAX) }), response: NoData },
  bindEid: { request: z.strictObject({ eid: Eid }), response: NoData },
  /** Design: renames a SIM card (SIM card settings). */
  setCard: { request: z.strictObject({ iccid: Iccid, name: DisplayName }), response: NoData },
  /** Design: removes a card from the account. */
  unbindCard: { request: z.strictObject({ iccid: Iccid }), response: NoData },
  /**
   * Design (beyond the spec): the card's monthly spending cap for auto-renewal, in minor units of its currency;
   * renewals never charge past it in a calendar month. null: no cap. Only the card's owner.
   */
  renewalCap: { request: z.strictObject({ iccid: Iccid }), response: RenewalCap },
  /**
   * Design (beyond the spec): the card's alerts: e-mail and card-page notice at these percentages of data left
   * (highest first; empty: none) and 24 hours before a package ends; `mail` off after the mail's unsubscribe link.
   * `email` is where the mails go ('' when the card has none).
   */
  alertSettings: { request: z.strictObject({ iccid: Iccid }), response: AlertSettings },
  setAlertSettings: {
    request: z.strictObject({ iccid: Iccid, thresholds: AlertThresholds, expiry: z.boolean(), mail: z.boolean() }),
    response: AlertSettings,
  },
  /** Design: sets (or with amount null removes) the monthly spending cap for auto-renewal. */
  setRenewalCap: {
    request: z.strictObject({ iccid: Iccid, amount: MinorAmount.nonnegative().max(100_000_000).nullable(), ccy: Ccy }),
    response: RenewalCap,
  },
} as const;

// ---- Pools ---------------------------------------------------------------------------------------------------------

const pool = {
  /** Renames a pool; '' restores the default name. */
  poolSet: { request: z.strictObject({ pool_object_id: PoolObjectId, name: DisplayName }), response: NoData },
  /** Cards the user could add: to an existing pool, or to a new pool of a goods item. */
  poolCardCandidate: {
    request: z.union([z.strictObject({ pool_object_id: PoolObjectId }), z.strictObject({ eshop_goods_id: Id })]),
    response: CandidateCards,
  },
  /** Design: the cards sharing a pool. */
  poolCardList: {
    request: z.strictObject({ pool_object_id: PoolObjectId }),
    response: z.object({ list: z.array(EsimCardInfo) }),
  },
  /** Design: takes one card out of a pool. */
  poolCardRemove: {
    request: z.strictObject({ pool_object_id: PoolObjectId, iccid: Iccid }),
    response: NoData,
  },
  /** Design: adds cards to a pool. */
  poolCardJoin: {
    request: z.strictObject({ pool_object_id: PoolObjectId, iccids: IccidBatch }),
    response: NoData,
  },
  /** Shared-pool plans; for a pool (refill), for a card, or neither (the shared-pool shop). */
  getPoolPkgList: {
    request: z.strictObject({
      pool_object_id: PoolObjectId.optional(),
      iccid: Iccid.optional(),
      ccy: Ccy,
      lang: Lang.optional(),
    }),
    response: z.object({ list: z.array(PoolPlan) }),
  },
  /** Design: coverage of a pool type. */
  poolZoneInfo: {
    request: z.strictObject({ pool_type_id: Id, lang: Lang.optional() }),
    response: CoverageResponse,
  },
  createPool: {
    request: z.strictObject({ iccids: IccidBatch, eshop_goods_id: Id }),
    response: z.object({ pool_object_id: PoolObjectId }),
  },
  /**
   * Design: deletes a pool; its cards go back to their own plans. A pool with data left is deleted only with
   * confirm: true (else 10002 with a message saying so).
   */
  poolDelete: {
    request: z.strictObject({ pool_object_id: PoolObjectId, confirm: z.boolean().optional() }),
    response: NoData,
  },
  poolRecordList: {
    request: z.strictObject({ pool_object_id: PoolObjectId, lang: Lang.optional() }),
    response: PackageRecordGroups,
  },
} as const;

// ---- Payments ------------------------------------------------------------------------------------------------------

const payments = {
  /** Pay check before the sheet: address needed, PayPal offered, unused package warning. */
  checkPay: {
    request: z.strictObject({
      iccid: Iccid.optional(),
      /** Design: the eSIM shop's slot (a new profile): its agent decides PayPal. */
      eid: Eid.optional(),
      lang: Lang,
      ccy: Ccy,
      amount: MinorAmount.nonnegative(),
      renewDiscount: RenewDiscount.optional(),
    }),
    response: PayCheckResponse,
  },
  /**
   * Starts a payment and answers the URL to send the browser to. flag is '2' in the shared-pool shop; trackingId
   * (a uuid) only for PayPal renewals; fingerprint is the device fingerprint from the provider's script.
   */
  createPay: {
    request: z.strictObject({
      id: Id,
      renewal: z.boolean(),
      iccid: Iccid.optional(),
      flag: Flag,
      pool_object_id: PoolObjectId.optional(),
      lang: Lang,
      ccy: Ccy,
      email: Email.optional(),
      pay: PayMethod,
      trackingId: z.uuid().optional(),
      fingerprint: z.string().max(512).optional(),
    }),
    response: PayCreateResponse,
  },
  /** Status of an order after the provider sent the browser back; the client hides its error message. */
  paySearch: {
    request: z.strictObject({ order_id: OrderId }),
    response: PaySearchResponse,
  },
  /**
   * Design: pays an order that is not paid. An order waiting for payment whose provider page is still open answers
   * that page (never a second session, never a second charge); otherwise (the page expired, the payment failed or
   * the order was cancelled) a new order for the same package and choices, priced now, answers its own page. A paid
   * order answers status 'paid' and no pay_url. The buyer's account, the owner of its card or pool; an order no
   * account owns needs its card's `iccid` (10025 otherwise, as for an unknown order).
   */
  payResume: {
    request: z.strictObject({ order_id: OrderId, iccid: Iccid.optional() }),
    response: PayResumeResponse,
  },
  /**
   * Design: cancels an order waiting for payment (idempotent: a cancelled order answers 'cancelled' again; a paid or
   * failed one answers its status unchanged). Who may: as payResume. A payment that still arrives for it pays it.
   */
  payCancel: {
    request: z.strictObject({ order_id: OrderId, iccid: Iccid.optional() }),
    response: PaySearchResponse,
  },
  /** Design (no call in spec 7): order records; the user's orders when logged in, else those of the ICCID. */
  orderList: {
    /** lang: the language of the package names (design; the browser's language when absent). */
    request: z.strictObject({ iccid: Iccid.optional(), lang: Lang.optional() }),
    response: z.object({ list: z.array(OrderRecord) }),
  },
} as const;

/** The third-party login providers getConfig can name (google, facebook). */
export const ThirdPartyProvider = z.enum(['google', 'facebook']);

// ---- Account -------------------------------------------------------------------------------------------------------

const account = {
  /** Design: whether an e-mail already has an account (the sign-up form says so before sending a code). */
  /**
   * Always `registered: false` (issue 23): no call tells whether an address has an account; a sign-up code asked for
   * an address that has one mails its owner a notice instead.
   */
  signupCheck: { request: z.strictObject({ email: Email }), response: z.object({ registered: z.boolean() }) },
  /** Design: mails a 6-digit code for one scene (signup, reset, email change). */
  getCode: { request: z.strictObject({ email: Email, scene: CodeScene }), response: NoData },
  signup: {
    request: z.strictObject({ email: Email, password: Password, code: VerificationCode }),
    response: AuthSession,
  },
  /** Design: checks a code without using it up (11023 when wrong or expired). */
  vcode: {
    request: z.strictObject({ email: Email, code: VerificationCode, scene: CodeScene }),
    response: NoData,
  },
  /**
   * Design: sets a new password with a reset code and logs the caller in: every earlier receipt of the account
   * ends (10021) and the answer is a new one, like login.
   */
  reset: {
    request: z.strictObject({ email: Email, code: VerificationCode, password: Password }),
    response: AuthSession,
  },
  login: { request: z.strictObject({ email: Email, password: Password }), response: AuthSession },
  /** Design (no path in spec 7): ends this receipt on the server; later calls with it answer 10013. */
  logout: { request: EmptyRequest, response: NoData },
  /** Design (no path in spec 7): ends every receipt of the account, this one too; later calls with them answer 10021. */
  logoutAll: { request: EmptyRequest, response: NoData },
  /**
   * Design: starts a third-party login. The answer is the provider's authorization URL (code flow with PKCE, the
   * api keeps verifier and nonce) and its state, which the page keeps to check the callback is the one it started.
   * redirect_uri must be one of the site's registered callback pages.
   */
  loginThirdPartyStart: {
    request: z.strictObject({ provider: ThirdPartyProvider, redirect_uri: Url }),
    response: z.object({ url: Url, state: z.string().min(1).max(512) }),
  },
  /**
   * Design: the callback of a third-party login: the api checks the state it issued (once, 10 minutes; 11023
   * otherwise), exchanges the code and logs in the account linked to the identity or to its verified e-mail.
   */
  loginThirdParty: {
    request: z.strictObject({
      provider: ThirdPartyProvider,
      code: z.string().min(1).max(2048),
      state: z.string().min(1).max(512),
      redirect_uri: Url,
      /** The `iss` of the callback URL when the provider sends one (RFC 9207). */
      iss: Url.optional(),
    }),
    response: AuthSession,
  },
  getUserInfo: { request: EmptyRequest, response: UserInfo },
  /** Syncs region and currency (the client sends it with closeMessage). */
  userSet: { request: z.strictObject({ area: CountryCode, ccy: Ccy }), response: UserSettings },
  /** Design: changes the account e-mail with a code sent to the new address (scene 'email'). */
  updateEmail: { request: z.strictObject({ email: Email, code: VerificationCode }), response: User },
  /**
   * Design (issue 23): the account's saved payment methods for auto-renewal, newest first: what each is (brand, last
   * digits and expiry when the provider told them), when it was saved, which of the account's cards or pools it
   * renews. Only the payer's own.
   */
  getPaymentMethods: { request: EmptyRequest, response: z.object({ list: z.array(SavedPaymentMethod) }) },
  /**
   * Design (issue 23): deletes one of the account's saved methods; a renewal that would have charged it mails a pay
   * link instead. Unknown 10025, another payer's 10024.
   */
  deletePaymentMethod: { request: z.strictObject({ id: Id }), response: NoData },
  /** Site configuration for the page URL (an agent's domain may change lists and links). */
  getConfig: { request: z.strictObject({ url: Url }), response: Config },
} as const;

// ---- eSIM slots and eSIM shop --------------------------------------------------------------------------------------

const esim = {
  eidInfo: { request: z.strictObject({ eid: Eid }), response: EidInfo },
  eidProfileList: { request: z.strictObject({ eid: Eid }), response: z.object({ list: z.array(EsimProfile) }) },
  /** Design: enable, disable or delete a profile on the slot (delete is final: the UI warns first). */
  eidAction: {
    request: z.strictObject({ eid: Eid, iccid: Iccid, action: z.enum(['enable', 'disable', 'delete']) }),
    response: NoData,
  },
  esimGoodsList: {
    request: z.strictObject({ eid: Eid, lang: Lang, ccy: Ccy }),
    response: z.object({
      list: z.array(EsimGoods),
      typeList: z.array(z.string()),
      /** Design: typeList key → label in the language asked for (as getPkg's typeLabels). */
      typeLabels: z.record(z.string(), z.string()).optional(),
    }),
  },
  /** Design: progress of a profile download to the slot (100606/100608: already installed). */
  eidInstallProcess: {
    request: z.strictObject({ eid: Eid, iccid: Iccid }),
    response: z.object({
      state: z.enum(['pending', 'downloading', 'installed', 'failed']),
      progress: z.int().min(0).max(100),
      /** Why the installation failed (state failed), else ''. */
      reason: z.string().max(500).optional(),
    }),
  },
  /** Design: whether the device holding the slot was seen recently (remote actions need it online). */
  eidCheckOnline: {
    request: z.strictObject({ eid: Eid }),
    /** last_seen: when the network last saw the device (ISO 8601), '' when never. */
    response: z.object({ online: z.boolean(), last_seen: z.string().optional() }),
  },
  esimProductZoneInfo: {
    request: z.strictObject({ esim_product_id: Id, lang: Lang.optional() }),
    response: CoverageResponse,
  },
  /** Design: buys a profile of an eSIM product for a slot; answers like createPay. */
  esimOrderProfile: {
    request: z.strictObject({
      eid: Eid,
      id: Id,
      lang: Lang,
      ccy: Ccy,
      pay: PayMethod,
      email: Email.optional(),
      fingerprint: z.string().max(512).optional(),
    }),
    response: PayCreateResponse,
  },
  /** Design: renames a slot ('' restores the default name). */
  esimSlotSet: { request: z.strictObject({ eid: Eid, name: DisplayName }), response: NoData },
  /** Design: removes a slot from the account. */
  esimSlotDel: { request: z.strictObject({ eid: Eid }), response: NoData },
} as const;

// ---- support (built-in support chat) --------------------------------------------------------------------------
// Design (no call in spec 7): the support chat's default when no external chat is configured (Config.support_url).
// A logged-in caller's thread is their account's; a visitor's thread is found by a random token the device
// generated and keeps (the api stores only its SHA-256). No thread id is ever sent, so nobody can name another's.

/** A device's support token: 32+ random bytes, base64url. */
const SupportToken = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'support token: 32-128 base64url characters');
/** The client's id of one message: a retry of the same message is stored once. */
const SupportClientId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'client_id: 8-64 base64url characters');
/** Longest message a user can send (the chat's text box counts down to it). */
export const SUPPORT_MESSAGE_MAX = 1000;

export const SupportMessage = z.object({
  id: Id,
  /** The sender's client_id ('' for support's replies). */
  client_id: z.string(),
  sender: z.enum(['user', 'agent']),
  body: z.string(),
  /** Support's automatic acknowledgement (the page shows its own localized text). */
  auto: z.boolean(),
  /** When it was stored, seconds. */
  create: z.int().nonnegative(),
});
export type SupportMessage = z.infer<typeof SupportMessage>;

const SupportThread = z.object({ messages: z.array(SupportMessage) });

const support = {
  /** The caller's conversation, oldest first (empty when there is none yet). */
  supportThread: {
    request: z.strictObject({ token: SupportToken.optional() }),
    response: SupportThread,
  },
  /** Stores one message (once per client_id), mails the operators, and answers the whole conversation. */
  supportSend: {
    request: z.strictObject({
      token: SupportToken.optional(),
      client_id: SupportClientId,
      body: z.string().trim().min(1).max(SUPPORT_MESSAGE_MAX),
      /** Where support answers (a visitor's; a logged-in caller's account e-mail wins). */
      email: Email.optional(),
      iccid: Iccid.optional(),
      lang: Lang.optional(),
    }),
    response: SupportThread,
  },
} as const;
// ---- end support ---------------------------------------------------------------------------------------------

export const callSchemas = { ...cardPage, ...cardList, ...pool, ...payments, ...account, ...esim, ...support } as const;

export type CallSchemas = typeof callSchemas;
export type CallSchemaName = keyof CallSchemas;
