import {
  DEFAULT_FLAG,
  goodsFromNew,
  type CheckoutRequest,
  type EsimGoods,
  type Goods,
  type Language,
} from 'shared-contracts';

/** The payment sheet's goods for an eSIM product: a new-list package that installs a new eSIM, never renewing. */
export function goodsFromEsim(item: EsimGoods, lang: string, showPaypal: boolean): Goods {
  return { ...goodsFromNew(item, lang, showPaypal), renew_price_str: '', renewal: false };
}

export interface ShopContext {
  eid: string;
  lang: Language;
  ccy: string;
  /** The slot's e-mail (/eid/info), to prefill the address form; '' when none. */
  email: string;
  /** PayPal may be offered: the pay check (with the slot, so its agent decides) has the last word. */
  paypalAllowed: boolean;
}

function requestId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * checkout:open for a product: no card (iccid null) but the slot (eid), so mf-checkout orders a profile
 * (/esim/orderProfile); the provider sends the browser back to the slot's page, where the new profile shows.
 */
export function esimCheckoutRequest(context: ShopContext, item: EsimGoods): CheckoutRequest {
  const { eid, lang, ccy, email, paypalAllowed } = context;
  return {
    requestId: requestId(),
    goods: goodsFromEsim(item, lang, paypalAllowed),
    iccid: null,
    eid,
    flag: DEFAULT_FLAG,
    lang,
    ccy,
    ...(email ? { email } : {}),
    agentVersion: 2,
    paypalAllowed,
    renewalActive: false,
    orderTime: null,
    ...(item.category ? { category: item.category } : {}),
    returnPath: `/esim/${eid}?mode=search`,
  };
}
