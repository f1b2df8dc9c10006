import { randomBytes } from 'node:crypto';
import { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db } from '../../db/index';
import { chunked } from '../../lib/concurrently';
import { ITEMS_PER_JOB, itemIds, QUEUES } from '../payments/jobs';
import { deliverAlerts } from './alerts';
import { applyPackage } from './apply';
import { syncPools } from './pool-sync';
import { dropPendingPools } from '../pools/repository';
import { cardsToPull, expireDue, pullCard, stalePending } from './life';
import { createEsimGoProvider, type EsimGoSettings } from './providers/esimgo';
import { createSimulator, SIMULATOR_SIGNATURE_HEADER, type Simulator } from './providers/simulator';
import { type ConnectivityProvider, type ConnectivityProviderName, type UsageEvent } from './providers/types';
import { ingestIn, type IngestResult } from './usage';
import { issueProfile, stalePendingProfiles } from './esim-profiles';
import { smdpAddress } from '../payments/profiles';

export interface ConnectivityOptions {
  /** Who carries the data (CONNECTIVITY_PROVIDER): the built-in simulator (default) or eSIM Go. */
  provider?: ConnectivityProviderName;
  /** Signs the simulator's callbacks (SIMULATOR_SECRET); unset: random per start. */
  simulatorSecret?: string;
  /** How much faster than real time the simulated phones use data (SIMULATOR_SPEED, default 60). */
  simulatorSpeed?: number;
  /** How often the simulated network runs, seconds (SIMULATOR_TICK_SECONDS, default 15; 0: only when asked). */
  simulatorTickSeconds?: number;
  /** Bundles the simulator refuses for good (tests). */
  simulatorRefusedBundles?: string[];
  /** Simulated seconds from a profile's release to its installation (SIMULATOR_INSTALL_SECONDS, 90). */
  simulatorInstallSeconds?: number;
  /** Share (0..1) of the simulator's new profiles that fail to install (SIMULATOR_INSTALL_FAIL_SHARE, 0.05). */
  simulatorInstallFailShare?: number;
  /** eSIM Go API v2.5 (ESIMGO_API_KEY, ESIMGO_API_URL). */
  esimgo?: EsimGoSettings;
  /** The least time between two asks of the provider about one card on Refresh (default 60 s). */
  refreshMinSeconds?: number;
  /** The periodic pull asks about a card not heard of for this long (default 15 minutes). */
  pullAfterSeconds?: number;
  /** Run the job workers and the simulator's clock in this instance. */
  workers?: boolean;
  now?: () => Date;
}

/** The network side, decorated on the instance as `connectivity`. */
export interface ConnectivityService {
  provider: ConnectivityProvider;
  /** The network's clock (tests move it). */
  now: () => Date;
  /** The simulator when it is the provider (its clock, its signing), else null. */
  simulator: Simulator | null;
  /** Applies verified usage reports once each, raising alerts with their jobs, in one transaction. */
  ingest(events: readonly UsageEvent[]): Promise<IngestResult>;
  /** The apply job's work: hands pending packages to the provider (throws for the job to retry). */
  applyPackages(ids: readonly number[]): Promise<void>;
  /** The profile job's work: orders paid eSIM orders' profiles from the provider (throws for the job to retry). */
  issueProfiles(orderIds: readonly number[]): Promise<void>;
  /** Asks the provider about a card unless it was asked within refreshMinSeconds; answers whether it asked. */
  refresh(iccid: string): Promise<boolean>;
  /** The provider's unsuspend of a suspended card; 'not_suspended' when there was nothing to unlock. */
  unlock(iccid: string, countUnlock: () => Promise<boolean>): Promise<'unsuspended' | 'not_suspended' | 'limit'>;
  /** Stops the packages due, raises expiry alerts; answers how many stopped. */
  expire(): Promise<number>;
  /** Pulls cards not heard of lately and queues stale pending packages again; answers the cards pulled. */
  pull(): Promise<number>;
  deliverAlerts(ids: readonly number[]): Promise<void>;
  /** Tells the network the pools' lines and ends, or that they stopped (pool-sync.ts; throws for the job to retry). */
  syncPools(poolIds: readonly number[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    connectivity: ConnectivityService;
  }
}

export const CONNECTIVITY_WEBHOOK_PATH = '/eshop/webhooks/connectivity/:provider';
/** Cards one pull job asks about (eSIM Go answers 10 requests a second per account). */
const PULL_BATCH = 50;
/** A pending package not applied for this long is queued again (its job may have run out of retries). */
const STALE_PENDING_SECONDS = 15 * 60;

async function connectivityPlugin(app: FastifyInstance, options: ConnectivityOptions) {
  const db: Db = app.db;
  const { jobs } = app.payments;
  const now = options.now ?? (() => new Date());
  const refreshMinSeconds = options.refreshMinSeconds ?? 60;
  const pullAfterSeconds = options.pullAfterSeconds ?? 15 * 60;

  let simulator: Simulator | null = null;
  let provider: ConnectivityProvider;
  if ((options.provider ?? 'simulator') === 'esimgo') {
    if (!options.esimgo) throw new Error('CONNECTIVITY_PROVIDER=esimgo needs ESIMGO_API_KEY');
    provider = app.metrics.instrument('connectivity', 'esimgo', createEsimGoProvider({ now, ...options.esimgo }));
  } else {
    simulator = createSimulator({
      db,
      secret: options.simulatorSecret ?? randomBytes(32).toString('hex'),
      now,
      speed: options.simulatorSpeed,
      refusedBundles: options.simulatorRefusedBundles,
      installFailShare: options.simulatorInstallFailShare,
      installSeconds: options.simulatorInstallSeconds,
      smdpAddress: smdpAddress(),
      // The simulator posts its signed reports to our own endpoint, exactly as a provider would over HTTP.
      deliver: async (body, signature) => {
        const response = await app.inject({
          method: 'POST',
          url: '/eshop/webhooks/connectivity/simulator',
          headers: { 'content-type': 'application/json', [SIMULATOR_SIGNATURE_HEADER]: signature },
          payload: body,
        });
        return response.statusCode < 300;
      },
    });
    provider = app.metrics.instrument('connectivity', 'simulator', simulator);
  }

  const queueAlerts = async (q: Parameters<typeof jobs.sendMany>[0], alertIds: readonly number[]) =>
    jobs.sendMany(
      q,
      QUEUES.connectivityAlerts,
      chunked(alertIds, ITEMS_PER_JOB).map((ids) => ({ data: { alertIds: ids } })),
    );

  const alertContext = {
    db,
    mailer: app.mailer,
    logMail: app.cards.logMail,
    publicOrigin: app.payments.publicOrigin,
  };

  /** What the package and profile jobs work with. */
  const jobContext = () => ({
    db,
    provider,
    paymentProviders: app.payments.providers,
    log: app.log,
    mailer: app.mailer,
    publicOrigin: app.payments.publicOrigin,
  });
  /** Runs `work` for each id, one at a time (each is an outside call, and a provider's rate limit counts them). */
  const oneAtATime = async (ids: readonly number[], work: (id: number) => Promise<unknown>) => {
    const failures: unknown[] = [];
    for (const id of ids) await work(id).catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw failures[0];
  };
  const service: ConnectivityService = {
    provider,
    now,
    simulator,

    async ingest(events) {
      if (events.length === 0) return { applied: 0, duplicates: 0, unmatched: 0, alertIds: [] };
      return db
        .tx(async (q) => {
          const result = await ingestIn(q, provider.name, events);
          await queueAlerts(q, result.alertIds);
          return result;
        })
        .then((result) => {
          const counted = { provider: provider.name };
          app.metrics.usageReports.inc({ ...counted, outcome: 'applied' }, result.applied);
          app.metrics.usageReports.inc({ ...counted, outcome: 'duplicate' }, result.duplicates);
          app.metrics.usageReports.inc({ ...counted, outcome: 'unmatched' }, result.unmatched);
          return result;
        });
    },

    applyPackages: (ids) => oneAtATime(ids, (id) => applyPackage(jobContext(), id)),

    issueProfiles: (orderIds) => oneAtATime(orderIds, (id) => issueProfile(jobContext(), id)),

    async refresh(iccid) {
      const claimed = await db.one(
        `UPDATE cards SET provider_checked_at = $2
          WHERE iccid = $1
            AND (provider_checked_at IS NULL OR provider_checked_at < $2::timestamptz - make_interval(secs => $3::int))
          RETURNING iccid`,
        [iccid, now(), refreshMinSeconds],
      );
      if (!claimed) return false;
      const result = await pullCard(db, provider, iccid);
      if (result.alertIds.length > 0) await db.tx((q) => queueAlerts(q, result.alertIds));
      return true;
    },

    async unlock(iccid, countUnlock) {
      const snapshot = await provider.snapshot(iccid);
      if (snapshot.status !== 'Suspension') {
        await pullCard(db, provider, iccid);
        return 'not_suspended';
      }
      if (!(await countUnlock())) return 'limit';
      await provider.setSuspended(iccid, false);
      await pullCard(db, provider, iccid);
      return 'unsuspended';
    },

    async expire() {
      const nowSeconds = Math.floor(now().getTime() / 1000);
      const result = await db.tx(async (q) => {
        const expired = await expireDue(q, nowSeconds);
        await queueAlerts(q, expired.alertIds);
        return expired;
      });
      // Pools never paid (createPool's) past their checkout's lifetime go too; a transaction of its own, as it locks
      // orders before pools (fulfilment's order).
      await db.tx((q) => dropPendingPools(q, { stale: true }));
      return result.expired;
    },

    async pull() {
      const pending = await stalePending(db, STALE_PENDING_SECONDS);
      if (pending.length > 0) {
        await db.tx((q) =>
          jobs.sendMany(
            q,
            QUEUES.connectivityApply,
            pending.map((id) => ({ data: { cardPackageIds: [id] }, singletonKey: `apply-${id}` })),
          ),
        );
      }
      const profiles = await stalePendingProfiles(db, STALE_PENDING_SECONDS);
      if (profiles.length > 0) {
        await db.tx((q) =>
          jobs.sendMany(
            q,
            QUEUES.esimProfileOrder,
            profiles.map((id) => ({ data: { orderIds: [id] }, singletonKey: `profile-${id}` })),
          ),
        );
      }
      const iccids = await cardsToPull(db, provider, pullAfterSeconds, PULL_BATCH);
      for (const iccid of iccids) {
        try {
          const result = await pullCard(db, provider, iccid);
          if (result.alertIds.length > 0) await db.tx((q) => queueAlerts(q, result.alertIds));
        } catch (error) {
          app.log.warn({ err: error, iccid }, 'connectivity pull failed; the next run asks again');
        }
      }
      return iccids.length;
    },

    deliverAlerts: (ids) => deliverAlerts(alertContext, ids),

    syncPools: (poolIds) => syncPools({ db, provider }, poolIds),
  };
  app.decorate('connectivity', service);

  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<unknown> = Promise.resolve();
  async function startWorkers() {
    if (!options.workers) return;
    await jobs.workBatch<{ cardPackageIds?: number[] }>(
      QUEUES.connectivityApply,
      (items) => service.applyPackages(itemIds(items, 'cardPackageIds', 'cardPackageId')),
      { batchSize: 1, workers: 2 },
    );
    await jobs.workBatch<{ orderIds?: number[] }>(
      QUEUES.esimProfileOrder,
      (items) => service.issueProfiles(itemIds(items, 'orderIds', 'orderId')),
      { batchSize: 1, workers: 2 },
    );
    await jobs.workBatch<{ alertIds?: number[] }>(
      QUEUES.connectivityAlerts,
      (items) => service.deliverAlerts(itemIds(items, 'alertIds', 'alertId')),
      { batchSize: 2 },
    );
    await jobs.workBatch<{ poolIds?: number[] }>(
      QUEUES.connectivityPoolSync,
      (items) => service.syncPools(itemIds(items, 'poolIds', 'poolId')),
      { batchSize: 4 },
    );
    await jobs.work(QUEUES.connectivityExpire, async () => {
      await service.expire();
    });
    await jobs.work(QUEUES.connectivityPull, async () => {
      await service.pull();
    });
    await jobs.schedule(QUEUES.connectivityExpire, '* * * * *');
    await jobs.schedule(QUEUES.connectivityPull, '* * * * *');
    const tickSeconds = options.simulatorTickSeconds ?? 15;
    if (simulator && tickSeconds > 0) {
      const network = simulator;
      timer = setInterval(() => {
        ticking = network.tick().catch((error: unknown) => app.log.warn({ err: error }, 'simulator tick failed'));
      }, tickSeconds * 1000);
      timer.unref();
    }
  }
  let workersStarting: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    await jobs.start();
    workersStarting = startWorkers().catch((error: unknown) => {
      app.log.error({ err: error }, 'connectivity workers not started');
    });
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await workersStarting;
    await ticking;
  });
}

export default fp(connectivityPlugin, { name: 'connectivity', dependencies: ['payments'] });
