import { type FastifyBaseLogger } from 'fastify';
import { type PayMethod } from 'shared-contracts';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { type OrderRow, type PaymentRepository } from './repository';
import { type PaymentProvider, type ProviderName } from './providers/types';

export type Providers = Partial<Record<ProviderName, PaymentProvider>>;

/** A session claim older than this belongs to a caller that died; the next caller may take it over. */
const CLAIM_STALE_MS = 30_000;
/** How long a second caller waits for the first one's session before giving up (10027). */
const SESSION_WAIT_MS = 15_000;
/** An open order whose session ends sooner than this is not handed out again: a fresh order gets a fresh session. */
export const SESSION_REUSE_MARGIN_MS = 5 * 60_000;

/**
 * The provider of a payment: PayPal payments go to PayPal when it is configured (else the sandbox, which plays
 * PayPal too); card payments to the agent's provider, else the configured default.
 */
export function chooseProvider(
  providers: Providers,
  method: PayMethod,
  agentProvider: ProviderName | null,
  defaultProvider: ProviderName,
): PaymentProvider {
  const name = method === 'paypal' ? (providers.paypal ? 'paypal' : 'sandbox') : (agentProvider ?? defaultProvider);
  const provider = providers[name];
  // Configured but unusable (a production start without the sandbox's secret, a missing Stripe key).
  if (!provider) throw new ApiError(ERROR_CODES.PAYMENT_FAILED);
  return provider;
}

/**
 * The shop page of an order: for an eSIM profile bought in the eSIM shop its slot's page `/esim/{eid}?mode=search`
 * (where the new profile's activation code is), else the card page `/{flag}/{iccid}` with the card's own agent flag,
 * else the order records `/pay/order` (a pool bought without a card). Return URLs, receipts and renewal mails link
 * here.
 */
export function shopPageUrl(
  publicOrigin: string,
  order: { iccid: string | null; card_flag: string | null; eid?: string | null },
): string {
  if (order.eid) return `${publicOrigin}/esim/${encodeURIComponent(order.eid)}?mode=search`;
  if (order.iccid && order.card_flag) {
    return `${publicOrigin}/${encodeURIComponent(order.card_flag)}/${encodeURIComponent(order.iccid)}`;
  }
  return `${publicOrigin}/pay/order`;
}

/**
 * Where the provider sends the browser back, derived from the order alone (never from the request: no open
 * redirect): its shop page with `returnType=suc|fail|cancel&order_id=<id>`: suc after a payment, fail after a
 * declined one (the sandbox's page; Stripe and PayPal keep the buyer on their page to try another card), cancel when
 * the buyer gave up.
 */
export function returnUrl(
  publicOrigin: string,
  order: Pick<OrderRow, 'id' | 'iccid' | 'card_flag'> & { eid?: string | null },
  type: 'suc' | 'fail' | 'cancel',
): string {
  const page = shopPageUrl(publicOrigin, order);
  return `${page}${page.includes('?') ? '&' : '?'}returnType=${type}&order_id=${order.id}`;
}

export interface SessionContext {
  repo: PaymentRepository;
  provider: PaymentProvider;
  publicOrigin: string;
  log: FastifyBaseLogger;
  now: () => Date;
  description: string;
  method: PayMethod;
  trackingId?: string | null;
  validMinutes?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The pay_url of an open order, creating its provider session exactly once: the caller that claims the order
 * creates it (with an idempotency key of the order, so even a retried create is one session at the provider), the
 * others wait for it. pay_url is checked to be the provider's own page before it is stored.
 */
export async function ensurePayUrl(context: SessionContext, order: OrderRow): Promise<string> {
  const { repo, provider, log, now } = context;
  const deadline = now().getTime() + SESSION_WAIT_MS;
  let current: OrderRow | undefined = order;
  while (current && now().getTime() < deadline) {
    if (current.pay_url) return current.pay_url;
    if (current.status !== 'created' && current.status !== 'pending') break;
    if (await repo.claimSession(current.id, new Date(now().getTime() - CLAIM_STALE_MS))) {
      try {
        const session = await provider.createSession({
          orderId: current.id,
          total: current.amount + current.tax_amount,
          subtotal: current.amount,
          tax: current.tax_amount,
          currency: current.currency,
          description: context.description,
          email: current.email,
          lang: current.lang ?? 'en',
          method: context.method,
          saveMethod: current.renewal,
          successUrl: returnUrl(context.publicOrigin, current, 'suc'),
          cancelUrl: returnUrl(context.publicOrigin, current, 'cancel'),
          idempotencyKey: `esim-order-${current.id}`,
          trackingId: context.trackingId,
          validMinutes: context.validMinutes,
        });
        if (!provider.ownsPayUrl(session.url)) throw new Error(`${provider.name} answered a foreign pay_url`);
        await repo.storeSession(current.id, provider.name, session.ref, session.url, session.expiresAt);
        return session.url;
      } catch (error) {
        await repo.releaseSession(current.id);
        log.error({ err: error, orderId: current.id, provider: provider.name }, 'payment session not created');
        throw new ApiError(ERROR_CODES.PAYMENT_FAILED);
      }
    }
    await sleep(50);
    current = await repo.findOrder(current.id);
  }
  throw new ApiError(ERROR_CODES.PAYMENT_FAILED);
}
