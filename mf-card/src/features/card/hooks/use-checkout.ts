import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  getBus,
  getStorage,
  STORAGE_KEYS,
  type AgentInfo,
  type Card,
  type CheckoutRequest,
  type Goods,
  type Language,
} from 'shared-contracts';

export interface CheckoutContext {
  card: Card;
  iccid: string;
  flag: string;
  agent: AgentInfo | null;
  lang: Language;
  ccy: string;
}

function requestId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The checkout request for one goods item of this card (everything mf-checkout needs, spec section 4). */
export function checkoutRequest(context: CheckoutContext, goods: Goods, category?: string): CheckoutRequest {
  const { card, iccid, flag, agent, lang, ccy } = context;
  return {
    requestId: requestId(),
    goods,
    iccid,
    flag,
    lang,
    ccy,
    ...(card.card_email ? { email: card.card_email } : {}),
    agentVersion: card.agent_version,
    paypalAllowed: agent?.paypal ?? false,
    renewalActive: card.renewal,
    orderTime: card.create,
    ...(category ? { category } : {}),
    returnPath: `/${flag}/${iccid}`,
  };
}

/**
 * Buying: publishes checkout:open; in agent version 2 without a login receipt the request is kept as the pending
 * goods item and the visitor goes to log in (the card page reopens it after the card loads again).
 */
export function useCheckout(context: CheckoutContext) {
  const navigate = useNavigate();
  return useCallback(
    (goods: Goods, category?: string) => {
      const request = checkoutRequest(context, goods, category);
      const storage = getStorage();
      if (context.card.agent_version === 2 && !storage.get(STORAGE_KEYS.RECEIPT)) {
        storage.setJSON(STORAGE_KEYS.PENDING_GOODS, request);
        navigate('/user/login');
        return;
      }
      getBus().publish('checkout:open', request);
    },
    [context, navigate],
  );
}

/** After the card loaded: a pending goods item of this card (stored before a login detour) opens checkout again. */
export function reopenPendingGoods(iccid: string): void {
  const storage = getStorage();
  const pending = storage.getJSON<CheckoutRequest>(STORAGE_KEYS.PENDING_GOODS);
  if (!pending || pending.iccid !== iccid || !storage.get(STORAGE_KEYS.RECEIPT)) return;
  storage.remove(STORAGE_KEYS.PENDING_GOODS);
  getBus().publish('checkout:open', { ...pending, requestId: requestId() });
}
