// The shop's traffic for bench:load and chaos: what visitors and signed-in users do, as operations for the open-loop
// generator, and the checks on the purchases afterwards (paid orders fulfilled exactly once, in the database).
//
// Kinds (weights per operation; BENCH_LOAD_MIX overrides, e.g. "page=27,getCard=35,cardList=25,purchase=2,remote=5"):
//   page      GET /2/<iccid> through the site's balancer (the shell hosts): the card page's HTML
//   getCard   POST /eshop/get/card {flag: '2', iccid, lang: 'en'} through the api's balancer (demo cards 0001-0008)
//   cardList  POST /eshop/api/v1/get/card/list with the demo user's bearer token (getCardList)
//   purchase  POST /eshop/pay/buy (a visitor, sandbox provider, EUR), then the sandbox pay page's form (pay with the
//             instant test card): 2 requests; succeeds when the page sends the browser back with returnType=suc
//   remote    GET mf_card's /mf-manifest.json from its own origin, as a browser loading the card page does (remotes
//             are not behind the balancer: one host per remote)
import { callEnvelope, LoadError } from './load-generator.mjs';
import { DEMO } from './workspace.mjs';

export const READ_CARDS = Array.from({ length: 8 }, (_, index) => `8988000000000000000${index + 1}`);
/** Cards a visitor may buy for (page versions 1 and 3), in EUR: no billing address asked. */
const PURCHASE_CARDS = [
  { iccid: '89880000000000000301', flag: '3' },
  { iccid: '89880000000000000101', flag: '1' },
  { iccid: '89880000000000000102', flag: '1' },
];
export const DEFAULT_MIX = { page: 27, getCard: 35, cardList: 25, purchase: 2, remote: 5 };
/** The kinds that only read: a balancer may replay them, and none of them may be lost. */
export const IDEMPOTENT = new Set(['page', 'getCard', 'cardList', 'remote']);

export function mixFrom(text) {
  if (!text) return DEFAULT_MIX;
  const mix = {};
  for (const part of text.split(',')) {
    const [kind, weight] = part.split('=').map((value) => value.trim());
    if (!(kind in DEFAULT_MIX)) throw new Error(`BENCH_LOAD_MIX: unknown kind ${kind}`);
    mix[kind] = Number(weight);
  }
  return mix;
}

/**
 * Logs the demo user in, checks every card and package it will use once, and answers the operations plus the
 * purchase ledger (order id → what the buyer saw).
 * @param {{ client: ReturnType<import('./load-generator.mjs').httpClient>, origins: { api: string, site: string },
 *   remoteOrigin: string, mix?: Record<string, number> }} o
 */
export async function shopTraffic({ client, origins, remoteOrigin, mix = DEFAULT_MIX }) {
  const api = origins.api;
  const login = await callEnvelope(client, `${api}/eshop/user/auth/login`, {
    email: DEMO.email,
    password: DEMO.password,
  });
  const bearer = { authorization: `Bearer ${login.token}` };
  for (const iccid of READ_CARDS) {
    await callEnvelope(client, `${api}/eshop/get/card`, { flag: DEMO.flag, iccid, lang: 'en' });
  }
  await callEnvelope(client, `${api}/eshop/api/v1/get/card/list`, {}, bearer);
  const targets = [];
  for (const card of PURCHASE_CARDS) {
    const data = await callEnvelope(client, `${api}/eshop/get/pkg`, { iccid: card.iccid, lang: 'en', ccy: 'EUR' });
    const packages = [...(data.list ?? []), ...(data.newList ?? [])].filter((pkg) => pkg.price > 0);
    for (const pkg of packages) targets.push({ ...card, id: pkg.id });
  }
  if (targets.length === 0) throw new Error('no package to buy on the demo cards');
  const page = await client.request(`${origins.site}/2/${DEMO.iccid}`);
  if (page.status !== 200) throw new Error(`card page: HTTP ${page.status}`);

  /** order id → { paid: the buyer came back with returnType=suc, attempts } */
  const ledger = new Map();
  let next = 0;
  const pick = (list) => list[next++ % list.length];
  const ops = {
    page: {
      requests: 1,
      async run() {
        const response = await client.request(`${origins.site}/2/${pick(READ_CARDS)}`, {
          headers: { accept: 'text/html' },
        });
        if (response.status !== 200) throw new LoadError(`http ${response.status}`);
      },
    },
    getCard: {
      requests: 1,
      run: () =>
        callEnvelope(client, `${api}/eshop/get/card`, { flag: DEMO.flag, iccid: pick(READ_CARDS), lang: 'en' }),
    },
    cardList: {
      requests: 1,
      run: () => callEnvelope(client, `${api}/eshop/api/v1/get/card/list`, {}, bearer),
    },
    purchase: {
      requests: 2,
      async run() {
        const target = pick(targets);
        let data;
        try {
          data = await callEnvelope(client, `${api}/eshop/pay/buy`, {
            id: target.id,
            iccid: target.iccid,
            flag: target.flag,
            lang: 'en',
            ccy: 'EUR',
            pay: 'stripe',
            renewal: false,
            email: 'load@example.com',
          });
        } catch (error) {
          throw error instanceof LoadError ? new LoadError(`buy: ${error.kind}`) : error;
        }
        const orderId = Number(data.order_id);
        const entry = ledger.get(orderId) ?? { paid: false, attempts: 0 };
        entry.attempts += 1;
        ledger.set(orderId, entry);
        const payPath = new URL(data.pay_url).pathname;
        if (!payPath.startsWith('/eshop/pay/sandbox/')) throw new LoadError('buy: not the sandbox page');
        let response;
        try {
          response = await client.request(`${api}${payPath}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'action=pay&card=instant',
          });
        } catch (error) {
          throw error instanceof LoadError ? new LoadError(`pay: ${error.kind}`) : error;
        }
        const location = response.headers.location ?? '';
        if (response.status >= 300 && response.status < 400 && location.includes('returnType=suc')) {
          entry.paid = true;
          return;
        }
        throw new LoadError(`pay: http ${response.status}`);
      },
    },
    remote: {
      requests: 1,
      async run() {
        const response = await client.request(`${remoteOrigin}/mf-manifest.json`);
        if (response.status !== 200) throw new LoadError(`http ${response.status}`);
      },
    },
  };
  const list = Object.entries(mix)
    .filter(([, weight]) => weight > 0)
    .map(([kind, weight]) => ({ kind, weight, ...ops[kind] }));
  return { ops: list, ledger, targets, token: login.token };
}

/**
 * Job queues a purchase's fulfilment goes through: the stored provider event, and the sandbox's redelivery of its
 * event (a delivery that did not reach the webhook). The receipt mail and the hand-over to the network come after the
 * package exists and are not waited for.
 */
export const PURCHASE_QUEUES = ['payments-process-event', 'payments-sandbox-delivery'];

/**
 * Adds jobs to one of the api's queues as its own code does (pg-boss's job table, with the queue's retry and expiry
 * options), for any instance to take: an on-demand run of a scheduled job, or a job delivered again.
 */
export async function queueJobs(postgres, name, datas) {
  if (datas.length === 0) return;
  await postgres.query(
    `INSERT INTO pgboss.job (name, data, expire_in, retry_limit, retry_delay, retry_backoff, policy)
     SELECT q.name, d.data, coalesce(q.expire_seconds, 900) * interval '1 second', coalesce(q.retry_limit, 2),
            CASE WHEN q.retry_backoff THEN greatest(coalesce(q.retry_delay, 0), 1) ELSE coalesce(q.retry_delay, 0) END,
            coalesce(q.retry_backoff, false), q.policy
       FROM pgboss.queue q CROSS JOIN unnest($2::jsonb[]) AS d(data)
      WHERE q.name = $1`,
    [name, datas.map((data) => JSON.stringify(data))],
  );
}

/** The last order id before the run: only orders after it are checked. */
export async function lastOrderId(postgres) {
  const [row] = await postgres.query(`SELECT coalesce(max(id), 0)::bigint AS id FROM orders`);
  return Number(row.id);
}

/** Waits until `queues` hold no waiting or running job (or `timeoutMs`); answers what is left. */
export async function drainQueues(postgres, timeoutMs = 60_000, queues = PURCHASE_QUEUES) {
  const started = Date.now();
  for (;;) {
    const rows = await postgres
      .query(
        `SELECT name, count(*)::int AS n FROM pgboss.job
          WHERE state IN ('created', 'retry', 'active') AND name = ANY($1) GROUP BY name`,
        [queues],
      )
      .catch(() => [{ name: 'pgboss.job unreadable', n: 1 }]);
    if (rows.length === 0 || Date.now() - started > timeoutMs) {
      // What is still there, and why: a job taken by a process that died stays 'active' until pg-boss expires it.
      const jobs = rows.length
        ? await postgres
            .query(
              `SELECT name, state, retry_count, round(extract(epoch FROM now() - created_on))::int AS age_s,
                      round(extract(epoch FROM now() - started_on))::int AS active_s,
                      extract(epoch FROM expire_in)::int AS expire_in_s
                 FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND name = ANY($1)
                ORDER BY created_on LIMIT 20`,
              [queues],
            )
            .catch((error) => [{ error: String(error.message) }])
        : [];
      return {
        left: Object.fromEntries(rows.map((row) => [row.name, row.n])),
        jobs,
        waitedMs: Date.now() - started,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The purchases of the run, from the database: every order after `sinceId` but the renewals' own (renewal-traffic.mjs
 * checks those), its status, its packages (card_packages rows) and successful payment events (stored with the
 * provider's event normalised: type 'succeeded'); crossed with what the buyers saw (the ledger).
 */
export async function checkPurchases(postgres, sinceId, ledger) {
  const rows = await postgres.query(
    `SELECT o.id::bigint AS id, o.status,
            (SELECT count(*)::int FROM card_packages p WHERE p.order_id = o.id) AS packages,
            (SELECT count(*)::int FROM payment_events e WHERE e.order_id = o.id AND e.type = 'succeeded')
              AS succeeded_events,
            (SELECT s.status FROM sandbox_sessions s WHERE s.order_id = o.id) AS session
       FROM orders o
      WHERE o.id > $1 AND NOT EXISTS (SELECT 1 FROM renewals r WHERE r.order_id = o.id)`,
    [sinceId],
  );
  const paidStatuses = new Set(['paid', 'fulfilled']);
  const orders = rows.map((row) => ({ ...row, id: Number(row.id) }));
  const byId = new Map(orders.map((order) => [order.id, order]));
  const paidInDb = orders.filter((order) => paidStatuses.has(order.status) || order.session === 'succeeded');
  const seenPaid = [...ledger.entries()].filter(([, entry]) => entry.paid).map(([id]) => id);
  return {
    orders: orders.length,
    /** Orders the provider (the sandbox session) or the order says were paid. */
    paid: paidInDb.length,
    /** The buyer was sent back with returnType=suc. */
    seenPaid: seenPaid.length,
    fulfilledOnce: paidInDb.filter((order) => order.packages === 1).length,
    /** Paid but no package: the money taken, nothing given. */
    notFulfilled: paidInDb.filter((order) => order.packages === 0).map((order) => order.id),
    /** More than one package for one order. */
    fulfilledTwice: orders.filter((order) => order.packages > 1).map((order) => order.id),
    /** More than one successful payment event stored for one order. */
    paidTwice: orders.filter((order) => order.succeeded_events > 1).map((order) => order.id),
    /** The buyer saw success, but the database has no paid order. */
    seenPaidNotInDb: seenPaid.filter((id) => !paidStatuses.has(byId.get(id)?.status ?? '')),
    /** Orders a buyer opened whose payment did not go through (failed or cut purchases), still open. */
    open: orders.filter((order) => order.status === 'created' || order.status === 'pending').length,
  };
}

/** PASS or MISS: a target holds or not (printed, never asserted). */
export const verdict = (ok) => (ok ? 'PASS' : 'MISS');

/** A target row whose figure must be 0: [what, count, verdict]. */
export const noneTarget = (what, count) => [what, count, verdict(count === 0)];

/** The exactly-once rows both runs print about purchases (checkPurchases' answer): [what, figure, verdict]. */
export function exactlyOnceChecks(purchases) {
  return [
    noneTarget('orders fulfilled twice (card_packages > 1)', purchases.fulfilledTwice.length),
    noneTarget('orders paid twice (succeeded payment events > 1)', purchases.paidTwice.length),
    noneTarget('buyer saw "paid", order not paid', purchases.seenPaidNotInDb.length),
  ];
}
