// Where each call of spec section 7 lives. Browser-safe: only types come from the zod schemas, so a front end can
// call the api without downloading zod. Every call is POST JSON to /eshop<path>; `base: 'api'` calls (the card
// list screen's) go to /eshop/api<path>. The api serves every path under both prefixes.
import type { z } from 'zod';
import type { callSchemas } from './schemas/calls';

export interface CallDefinition {
  readonly path: `/${string}`;
  readonly base?: 'api';
}

/**
 * The most ICCIDs one batch bind (bindCardList) takes: each is a guess at an unbound card's only secret, so a
 * batch is small; a longer list is sent in batches of this size (mf-card).
 */
export const BIND_BATCH_MAX = 20;

export const calls = {
  // card page
  checkCard: { path: '/check/card' },
  getCard: { path: '/get/card' },
  refresh: { path: '/refresh/card' },
  getAgent: { path: '/get/agent' },
  getPkg: { path: '/get/pkg' },
  pkgUpdate: { path: '/pkg/update' },
  pkgRecord: { path: '/pkg/record' },
  getProductCountry: { path: '/pkg/zoneInfo' },
  event: { path: '/event' },
  unlock: { path: '/card/unlock' },
  checkNotice: { path: '/get/notice' },
  getActivityList: { path: '/message/activity' },
  activityLinkData: { path: '/message/activity/linkData' },
  activityRead: { path: '/message/activity/read' },
  activityCardAlert: { path: '/message/activity/cardAlert' },
  notifyDetail: { path: '/v1/message/notifyDetail' },
  sendEchatIccid: { path: '/echat/click' },
  saveAddress: { path: '/save/address' },
  sendEmail: { path: '/send/email' },
  setEmail: { path: '/set/email' },
  eidSetEmail: { path: '/eid/setEmail' },
  // card list screen
  getCardList: { path: '/v1/get/card/list', base: 'api' },
  getUnbindList: { path: '/v1/get/card/list/unbind', base: 'api' },
  bindCard: { path: '/v1/bind/card', base: 'api' },
  bindCardList: { path: '/v1/bind/card/batch', base: 'api' },
  bindEid: { path: '/v1/esim/slot/add', base: 'api' },
  setCard: { path: '/v1/set/card', base: 'api' },
  unbindCard: { path: '/v1/unbind/card', base: 'api' },
  renewalCap: { path: '/v1/card/renewal/cap', base: 'api' },
  setRenewalCap: { path: '/v1/card/renewal/cap/set', base: 'api' },
  alertSettings: { path: '/v1/card/alerts', base: 'api' },
  setAlertSettings: { path: '/v1/card/alerts/set', base: 'api' },
  // pools
  poolSet: { path: '/v1/pool/set' },
  poolCardCandidate: { path: '/v1/pool/card/candidate' },
  poolCardList: { path: '/v1/pool/card/list' },
  poolCardRemove: { path: '/v1/pool/card/remove' },
  poolCardJoin: { path: '/v1/pool/card/join' },
  getPoolPkgList: { path: '/v1/pool/pkg/list' },
  poolZoneInfo: { path: '/v1/pool/zoneInfo' },
  createPool: { path: '/v1/pool/create' },
  poolDelete: { path: '/v1/pool/delete' },
  poolRecordList: { path: '/v1/pool/record/list' },
  // payments
  checkPay: { path: '/pay/isbuy' },
  createPay: { path: '/pay/buy' },
  paySearch: { path: '/pay/search' },
  payResume: { path: '/pay/resume' },
  payCancel: { path: '/pay/cancel' },
  orderList: { path: '/pay/order/list' },
  // account
  signupCheck: { path: '/user/auth/signup/check' },
  getCode: { path: '/user/auth/getcode' },
  signup: { path: '/user/auth/signup' },
  vcode: { path: '/user/auth/vcode' },
  reset: { path: '/user/auth/reset' },
  login: { path: '/user/auth/login' },
  logout: { path: '/user/auth/logout' },
  logoutAll: { path: '/user/auth/logout/all' },
  loginThirdPartyStart: { path: '/user/auth/login/thirdparty/start' },
  loginThirdParty: { path: '/user/auth/login/thirdparty' },
  getUserInfo: { path: '/v1/user/info' },
  userSet: { path: '/v1/user/set' },
  updateEmail: { path: '/v1/user/update/email' },
  getPaymentMethods: { path: '/v1/user/payment/methods' },
  deletePaymentMethod: { path: '/v1/user/payment/methods/delete' },
  getConfig: { path: '/get/config' },
  // eSIM
  eidInfo: { path: '/eid/info' },
  eidProfileList: { path: '/eid/profileList' },
  eidAction: { path: '/eid/action' },
  esimGoodsList: { path: '/esim/goodsList' },
  eidInstallProcess: { path: '/eid/installProcess' },
  eidCheckOnline: { path: '/eid/checkOnline' },
  esimProductZoneInfo: { path: '/esim/productZoneInfo' },
  esimOrderProfile: { path: '/esim/orderProfile' },
  esimSlotSet: { path: '/v1/esim/slot/set' },
  esimSlotDel: { path: '/v1/esim/slot/del' },
  // ---- support (built-in support chat: the default when no external chat is configured) ----
  supportThread: { path: '/support/thread' },
  supportSend: { path: '/support/send' },
  // ---- end support ----
} as const satisfies Record<keyof typeof callSchemas, CallDefinition>; // also rejects a path without a schema

export type CallName = keyof typeof calls;

/** What the caller passes (before defaults and trimming). */
export type CallRequest<N extends CallName> = z.input<(typeof callSchemas)[N]['request']>;
/** The envelope's `data` on success. */
export type CallResponse<N extends CallName> = z.output<(typeof callSchemas)[N]['response']>;

/** Every answer of the api. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export const CALL_NAMES = Object.keys(calls) as CallName[];

/** Full URL path of a call under a base such as '/eshop'. */
export function callUrl(baseUrl: string, name: CallName): string {
  const def: CallDefinition = calls[name];
  return `${baseUrl.replace(/\/+$/, '')}${def.base === 'api' ? '/api' : ''}${def.path}`;
}
