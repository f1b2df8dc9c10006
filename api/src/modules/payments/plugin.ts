import { randomBytes } from 'node:crypto';
import { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db } from '../../db/index';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { countHit } from '../../plugins/rate-limit-store';
import { stopAtNetwork } from '../connectivity/revoke';
import { OUTSIDE_CALLS_AT_ONCE } from '../../lib/concurrently';
import { sendAllLogged } from '../../mail';
import { type Providers } from './checkout';
import { processEvent, type EventResult } from './fulfilment';
import { createJobQueue, itemIds, QUEUES, type JobQueue } from './jobs';
import { receiptMail } from './mails';
import { removalLinks } from './method-removal';
import {
  createSandboxProvider,
  SANDBOX_PAGE_PATH,
  SANDBOX_SIGNATURE_HEADER,
  signSandboxEvent,
} from './providers/sandbox';
import { createPaypalProvider, type PaypalSettings } from './providers/paypal';
import { createStripeProvider, type StripeSettings } from './providers/stripe';
import { type ProviderName, type WebhookGuard } from './providers/types';
import { reconcileProvider, type ReconcileResult } from './reconcile';
import { createPaymentRepository, type OrderRow, type PaymentRepository } from './repository';
import { chargeRenewals, remindRenewals, scanDueRenewals, type RenewalContext } from './renewals';
import { redeliver, type SandboxDeps } from './sandbox-actions';
import { type SandboxEvent } from './providers/sandbox';

export interface PaymentsOptions {
  /** The shop's public origin (SHELL_ORIGIN): pay pages and return URLs live there. Default http://localhost:8080. */
  publicOrigin?: string;
  /** Who takes card payments unless the agent names its own (PAYMENT_PROVIDER). Default 'sandbox'. */
  defaultProvider?: 'sandbox' | 'stripe';
  /** Signs the sandbox's webhooks (SANDBOX_WEBHOOK_SECRET); unset: random per start. Never used in production. */
  sandboxSecret?: string;
  production?: boolean;
  /** Run the job workers (fulfilment retries, receipts, sandbox deliveries) in this instance. */
  workers?: boolean;
  /** How often an idle worker polls for jobs, seconds (min 0.5). */
  jobPollingSeconds?: number;
  /** The time sessions and webhook signatures go by (tests move it). */
  now?: () => Date;
  /** Stripe Checkout (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET); absent: not offered. */
  stripe?: StripeSettings;
  /** PayPal Orders v2 (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID); absent: the sandbox plays PayPal. */
  paypal?: PaypalSettings;
  /**
   * How often webhooks may make us call a provider's own signature check (PayPal's verify api), per client IP and in
   * all, per window; counted in PostgreSQL. Default 60 per IP and 600 in all per minute.
   */
  webhookVerifyLimits?: WebhookVerifyLimits;
}

export interface WebhookVerifyLimits {
  perIp: number;
  total: number;
  windowMs: number;
}

/** PayPal posts from a handful of addresses, at a shop's pace; anyone else gets through a few signature checks. */
export const DEFAULT_WEBHOOK_VERIFY_LIMITS: WebhookVerifyLimits = { perIp: 60, total: 600, windowMs: 60_000 };
/** How often reconciliation reads the providers' event logs. */
const RECONCILE_CRON = '*/5 * * * *';

/** What the payment calls and routes share, decorated on the instance as `payments`. */
export interface PaymentsService {
  repository: PaymentRepository;
  providers: Providers;
  defaultProvider: ProviderName;
  /** Stripe's publishable key for the sheet's Stripe.js (only with Stripe configured). */
  stripePublishableKey: string | null;
  publicOrigin: string;
  now: () => Date;
  jobs: JobQueue;
  /** The sandbox's page and event delivery; null when the sandbox is off (production without its secret). */
  sandbox: SandboxDeps | null;
  /** Processes a stored event now (the job does it again if this fails); answers its result. */
  process(eventRowId: number): Promise<EventResult | string>;
  /** A pending order asked about (paySearch): lets the provider move it on where it can (PayPal capture). */
  refreshPending(order: OrderRow): Promise<void>;
  /**
   * The webhook's limit on a provider's own signature checks for one client IP (see webhookVerifyLimits): over it,
   * 429 (the provider delivers again later); a limit store that cannot count, 503.
   */
  webhookGuard(provider: ProviderName, ip: string): WebhookGuard;
  /** Reads the Stripe events our webhook missed and applies them (reconcile.ts); null when another run holds it. */
  reconcile(options?: { pagesPerRun?: number }): Promise<ReconcileResult | null>;

  sendReceipt(orderId: number): Promise<void>;
  /** The receipts of paid orders not sent yet (a few mails at a time); a failure leaves it to the job's retry. */
  sendReceipts(orderIds: readonly number[]): Promise<void>;
  /** Auto-renewal's steps (the jobs run them; tests and the bench call them directly). */
  renewals: {
    scan(): Promise<number>;
    remind(renewalIds: number | readonly number[]): Promise<void>;
    charge(renewalIds: number | readonly number[]): Promise<void>;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
  }
}

export const DEFAULT_PUBLIC_ORIGIN = 'http://localhost:8080';
/** Jobs of a list (receipts, reminders) a worker takes at once and handles together. */
const JOBS_AT_ONCE = 2;

async function paymentsPlugin(app: FastifyInstance, options: PaymentsOptions) {
  const db: Db = app.db;
  const now = options.now ?? (() => new Date());
  const publicOrigin = (options.publicOrigin ?? DEFAULT_PUBLIC_ORIGIN).replace(/\/+$/, '');
  const jobs = createJobQueue(db, {
    pollingIntervalSeconds: options.jobPollingSeconds,
    supervise: options.workers ?? false,
    onError: (error) => app.log.error({ err: error }, 'job queue error'),
  });
  // The sandbox never runs in production (loadConfig refuses its secret there too): its page marks orders paid.
  const sandboxSecret = options.production ? undefined : (options.sandboxSecret ?? randomBytes(32).toString('hex'));
  const providers: Providers = {};
  if (sandboxSecret) providers.sandbox = createSandboxProvider(db, { secret: sandboxSecret, publicOrigin, now });
  if (options.stripe) providers.stripe = createStripeProvider({ now, ...options.stripe });
  if (options.paypal) providers.paypal = createPaypalProvider({ now, ...options.paypal });

  // The sandbox posts its signed events to our own webhook endpoint, exactly as a provider would over HTTP.
  const deliver = async (event: SandboxEvent) => {
    if (!sandboxSecret) return 'rejected' as const;
    const body = JSON.stringify(event);
    const response = await app.inject({
      method: 'POST',
      url: '/eshop/webhooks/sandbox',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxEvent(sandboxSecret, body, Math.floor(now().getTime() / 1000)),
      },
      payload: body,
    });
    if (response.statusCode >= 500) return 'retry' as const;
    return response.statusCode < 300 ? ('delivered' as const) : ('rejected' as const);
  };
  const sandbox: SandboxDeps | null = sandboxSecret
    ? { db, jobs, publicOrigin, now, deliver, pagePath: (id) => `${SANDBOX_PAGE_PATH}/${id}` }
    : null;

  const repository = createPaymentRepository(db);
  const service: PaymentsService = {
    repository,
    providers,
    defaultProvider: options.defaultProvider ?? 'sandbox',
    stripePublishableKey: options.stripe?.publishableKey ?? null,
    publicOrigin,
    now,
    jobs,
    sandbox,
    // An approved PayPal order is captured here (again on a retry: the capture is idempotent); the capture's own
    // event then pays the order.
    async process(eventRowId) {
      const result = await processEvent(db, jobs, eventRowId);
      if (result === 'approved') {
        const order = await repository.orderOfEvent(eventRowId);
        const provider = order ? providers[order.provider as ProviderName] : undefined;
        if (order?.provider_ref && provider?.capture) await provider.capture(order.provider_ref, order.id);
      }
      return result;
    },
    webhookGuard(provider, ip) {
      const limits = options.webhookVerifyLimits ?? DEFAULT_WEBHOOK_VERIFY_LIMITS;
      const tooMany = () => new ApiError(ERROR_CODES.TOO_MANY_REQUESTS, undefined, 429);
      return {
        async beforeRemoteCheck() {
          // The caller's own count first: one address over its limit uses up nothing of everyone's.
          const at = now().getTime();
          const own = await countHit(db.untracked, `webhook-verify:${provider}:ip:${ip}`, at, limits.windowMs);
          if (own.current > limits.perIp) throw tooMany();
          const all = await countHit(db.untracked, `webhook-verify:${provider}:all`, at, limits.windowMs);
          if (all.current > limits.total) throw tooMany();
        },
      };
    },
    reconcile: (reconcileOptions) =>
      reconcileProvider(
        { db, jobs, providers, log: app.log, now, process: (id) => service.process(id) },
        'stripe',
        reconcileOptions,
      ),
    async refreshPending(order) {
      // The sandbox and Stripe report every outcome by webhook; PayPal's approved orders still need a capture.
      const provider = providers[order.provider as ProviderName];
      if (provider?.capture && order.provider_ref) await provider.capture(order.provider_ref, order.id).catch(() => {});
    },

    // Set below, once the context that needs this service exists.
    renewals: { scan: async () => 0, remind: async () => {}, charge: async () => {} },
    async sendReceipt(orderId) {
      await service.sendReceipts([orderId]);
    },
    async sendReceipts(orderIds) {
      const orders = (await repository.receiptsOf(orderIds)).filter(
        (order) => order.status === 'fulfilled' && !order.receipt_sent_at && order.to_address,
      );
      // Claimed before sending, so the inline attempt and the job never both send one; a failure gives it back.
      const claimed = new Set(await repository.claimReceipts(orders.map((order) => order.id)));
      const sending = orders.filter((order) => claimed.has(Number(order.id)));
      // A visitor's purchase with auto-renewal: the link that removes the method saved with their e-mail. The
      // receipts are claimed: a link that cannot be made now leaves a receipt without it, never unsent.
      const removeLinks = await removalLinks(
        db,
        publicOrigin,
        now(),
        sending.flatMap((order) =>
          order.renewal
            ? [
                {
                  key: Number(order.id),
                  iccid: order.iccid,
                  payerEmail: order.payer_email,
                  provider: order.provider,
                  lang: order.lang,
                },
              ]
            : [],
        ),
      ).catch((error: unknown) => {
        app.log.warn({ err: error }, 'payment method removal links not made');
        return new Map<number, string>();
      });
      const sent = await sendAllLogged(
        app.mailer,
        sending.map((order) =>
          receiptMail(order, order.to_address ?? '', publicOrigin, removeLinks.get(Number(order.id))),
        ),
        app.cards.logMail,
        OUTSIDE_CALLS_AT_ONCE,
      );
      const failed = sending.filter((_, index) => sent[index]?.status === 'rejected');
      if (failed.length > 0) {
        await repository.releaseReceipts(failed.map((order) => order.id));
        const first = sent.find((result): result is PromiseRejectedResult => result.status === 'rejected');
        throw first?.reason instanceof Error ? first.reason : new Error(`${failed.length} receipts not sent`);
      }
    },
  };
  const renewalContext: RenewalContext = {
    db,
    jobs,
    providers,
    repository,
    mailer: app.mailer,
    publicOrigin,
    now,
    log: app.log,
    logMail: app.cards.logMail,
  };
  service.renewals = {
    scan: () => scanDueRenewals(renewalContext),
    remind: (ids) => remindRenewals(renewalContext, typeof ids === 'number' ? [ids] : ids),
    charge: (ids) => chargeRenewals(renewalContext, typeof ids === 'number' ? [ids] : ids),
  };
  app.decorate('payments', service);

  // The queue is ready before the server listens (a request that queues work inside a transaction must never wait for
  // it while holding a connection); its workers start beside the server: registering them and the cron schedule
  // takes a while on a cold start and no request needs them. Workers that cannot start are logged; close() waits.
  async function startWorkers() {
    if (!options.workers) return;
    await jobs.work<{ eventId: number }>(QUEUES.processEvent, async ({ eventId }) => {
      await service.process(eventId);
    });
    // Each job carries a list (ITEMS_PER_JOB); a worker takes a few at once.
    await jobs.workBatch<{ orderIds?: number[] }>(
      QUEUES.receipt,
      (items) => service.sendReceipts(itemIds(items, 'orderIds', 'orderId')),
      { batchSize: JOBS_AT_ONCE },
    );
    if (sandbox) {
      await jobs.work<{ event: SandboxEvent }>(QUEUES.sandboxDelivery, async ({ event }) => redeliver(sandbox, event));
    }
    await jobs.work(QUEUES.renewalScan, async () => {
      await service.renewals.scan();
    });
    await jobs.workBatch<{ renewalIds?: number[] }>(
      QUEUES.renewalRemind,
      (items) => service.renewals.remind(itemIds(items, 'renewalIds', 'renewalId')),
      { batchSize: JOBS_AT_ONCE },
    );
    await jobs.workBatch<{ renewalIds?: number[] }>(
      QUEUES.renewalCharge,
      (items) => service.renewals.charge(itemIds(items, 'renewalIds', 'renewalId')),
      { batchSize: 1, workers: 2 },
    );
    await jobs.schedule(QUEUES.renewalScan, '* * * * *');
    // Packages of refunded or disputed orders, stopped at the network (connectivity/revoke.ts).
    await jobs.workBatch<{ cardPackageIds?: number[] }>(QUEUES.connectivityRevoke, (items) =>
      stopAtNetwork(
        { db, provider: app.connectivity.provider, log: app.log },
        itemIds(items, 'cardPackageIds', 'cardPackageId'),
      ),
    );
    if (providers.stripe) {
      await jobs.work(QUEUES.reconcile, async () => {
        await service.reconcile();
      });
      await jobs.schedule(QUEUES.reconcile, RECONCILE_CRON);
    }
  }
  let workersStarting: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    await jobs.start();
    workersStarting = startWorkers().catch((error: unknown) => {
      app.log.error({ err: error }, 'job workers not started');
    });
  });
  app.addHook('onClose', async () => {
    await workersStarting;
    await jobs.stop();
  });
}

export default fp(paymentsPlugin, { name: 'payments', dependencies: ['repositories'] });
