import { type Db, type Queryable } from '../../db/index';
import { returnUrl } from './checkout';
import { QUEUES, type JobQueue } from './jobs';
import { orderViewSql, packageNameSql } from './package-name';
import { newSandboxId, type SandboxEvent } from './providers/sandbox';
import {
  challengePage,
  messagePage,
  payPage,
  sandboxCardDetails,
  SANDBOX_CHALLENGE_CODE,
  SANDBOX_CHALLENGE_TRIES,
  type PageOrder,
  type SandboxCard,
} from './sandbox-page';

/**
 * The sandbox provider's side of its hosted page: the session's state machine (open → challenge → succeeded,
 * declined or cancelled) and the signed events it sends. The outcome and the job that delivers its event are
 * stored in one transaction, so an outcome is never lost; the event is then delivered at once, and again by the
 * job only if that first delivery did not reach us. Our webhook treats it like any provider's: verify, store once,
 * fulfil once. The browser goes back to the shop only after that (the redirect itself never pays anything).
 */

export type SandboxAction =
  | { action: 'pay'; card: SandboxCard }
  | { action: 'verify'; code: string }
  | { action: 'decline' }
  | { action: 'cancel' };

export type SandboxOutcome = { kind: 'page'; status: number; html: string } | { kind: 'redirect'; url: string };

/** Posts a signed event to our webhook; the answer's HTTP status ('retry' on 5xx or no answer). */
export type DeliverEvent = (event: SandboxEvent) => Promise<'delivered' | 'rejected' | 'retry'>;

export interface SandboxDeps {
  db: Db;
  jobs: JobQueue;
  publicOrigin: string;
  now: () => Date;
  deliver: DeliverEvent;
  /** The page's own address (form action). */
  pagePath: (id: string) => string;
}

interface SessionRow {
  id: string;
  order_id: number;
  amount: number;
  currency: string;
  method: 'stripe' | 'paypal';
  save_method: boolean;
  status: 'open' | 'challenge' | 'succeeded' | 'declined' | 'cancelled';
  challenge_attempts: number;
  expires_at: Date;
  iccid: string | null;
  card_flag: string | null;
  eid: string | null;
  order_amount: number;
  tax_amount: number;
  description: string;
  lang: string | null;
}

const SESSION_QUERY = `
  SELECT s.id, s.order_id, s.amount, s.currency, s.method, s.save_method, s.status, s.challenge_attempts,
         s.expires_at, o.iccid, c.agent_flag AS card_flag, o.eid, o.amount AS order_amount, o.tax_amount,
         ${packageNameSql('t', 'en', 'p', orderViewSql())} AS description, o.lang
    FROM sandbox_sessions s
    JOIN orders o ON o.id = s.order_id
    JOIN packages p ON p.id = o.package_id
    LEFT JOIN cards c ON c.iccid = o.iccid
    LEFT JOIN agents ag ON ag.flag = o.agent_flag
    LEFT JOIN package_translations t ON t.package_id = p.id AND t.lang = o.lang
    LEFT JOIN package_translations en ON en.package_id = p.id AND en.lang = 'en'
   WHERE s.id = $1`;

function pageOrder(session: SessionRow): PageOrder {
  return {
    orderId: session.order_id,
    description: session.description,
    amount: session.order_amount,
    tax: session.tax_amount,
    currency: session.currency,
    method: session.method,
    lang: session.lang,
  };
}

function urls(deps: SandboxDeps, session: SessionRow) {
  const order = { id: session.order_id, iccid: session.iccid, card_flag: session.card_flag, eid: session.eid };
  return {
    success: returnUrl(deps.publicOrigin, order, 'suc'),
    // A decline is not a cancel: the shop page says the payment was declined and offers to try again.
    fail: returnUrl(deps.publicOrigin, order, 'fail'),
    cancel: returnUrl(deps.publicOrigin, order, 'cancel'),
  };
}

const NOT_FOUND: SandboxOutcome = {
  kind: 'page',
  status: 404,
  // No session, so no order and no language: English.
  html: messagePage('notFound', null, null),
};

/** Where a finished session sends the browser: back to the shop with the outcome. */
function finished(deps: SandboxDeps, session: SessionRow): SandboxOutcome | null {
  if (session.status === 'succeeded') return { kind: 'redirect', url: urls(deps, session).success };
  if (session.status === 'declined') return { kind: 'redirect', url: urls(deps, session).fail };
  if (session.status === 'cancelled') return { kind: 'redirect', url: urls(deps, session).cancel };
  if (session.expires_at.getTime() <= deps.now().getTime()) {
    return {
      kind: 'page',
      status: 410,
      html: messagePage('expired', session.lang, urls(deps, session).cancel),
    };
  }
  return null;
}

export async function showSession(deps: SandboxDeps, id: string): Promise<SandboxOutcome> {
  const session = await deps.db.one<SessionRow>(SESSION_QUERY, [id]);
  if (!session) return NOT_FOUND;
  const done = finished(deps, session);
  if (done) return done;
  const html =
    session.status === 'challenge'
      ? challengePage(deps.pagePath(id), pageOrder(session), null)
      : payPage(deps.pagePath(id), pageOrder(session));
  return { kind: 'page', status: 200, html };
}

function sandboxEvent(
  session: SessionRow,
  type: SandboxEvent['type'],
  now: Date,
  paymentMethod: string | null,
  card: SandboxCard | null,
): SandboxEvent {
  return {
    id: newSandboxId('evt'),
    type,
    created: Math.floor(now.getTime() / 1000),
    data: {
      session: session.id,
      order_id: String(session.order_id),
      amount: session.amount,
      currency: session.currency,
      payment_id: type === 'payment.succeeded' ? newSandboxId('pay') : null,
      payment_method: paymentMethod,
      // A card payment tells its card; the sandbox playing PayPal tells none (as PayPal).
      card: paymentMethod && card && session.method === 'stripe' ? sandboxCardDetails(card, now) : null,
    },
  };
}

/**
 * Ends the session with an outcome and stores the job that delivers its event, in the caller's transaction. `card`:
 * the test card that paid (a saved method tells its brand, last four digits and expiry).
 */
async function conclude(
  q: Queryable,
  deps: SandboxDeps,
  session: SessionRow,
  status: 'succeeded' | 'declined' | 'cancelled',
  card: SandboxCard | null = null,
): Promise<SandboxEvent> {
  await q.query(`UPDATE sandbox_sessions SET status = $2, updated_at = now() WHERE id = $1`, [session.id, status]);
  const type =
    status === 'succeeded' ? 'payment.succeeded' : status === 'declined' ? 'payment.failed' : 'payment.cancelled';
  // A renewal purchase keeps a token the renewal job can charge again (a saved card at a real provider).
  const method = status === 'succeeded' && session.save_method ? newSandboxId('pm') : null;
  const event = sandboxEvent(session, type, deps.now(), method, card);
  await deps.jobs.send(q, QUEUES.sandboxDelivery, { event }, { startAfterSeconds: 10 });
  return event;
}

export async function actOnSession(deps: SandboxDeps, id: string, input: SandboxAction): Promise<SandboxOutcome> {
  const step = await deps.db.tx(async (q): Promise<{ outcome: SandboxOutcome; event?: SandboxEvent }> => {
    const session = await q.one<SessionRow>(`${SESSION_QUERY} FOR UPDATE OF s`, [id]);
    if (!session) return { outcome: NOT_FOUND };
    const done = finished(deps, session);
    if (done) return { outcome: done };
    const back = urls(deps, session);
    switch (input.action) {
      case 'cancel':
        return {
          outcome: { kind: 'redirect', url: back.cancel },
          event: await conclude(q, deps, session, 'cancelled'),
        };
      case 'decline':
        return { outcome: { kind: 'redirect', url: back.fail }, event: await conclude(q, deps, session, 'declined') };
      case 'pay':
        if (session.status === 'open' && input.card === 'challenge') {
          await q.query(`UPDATE sandbox_sessions SET status = 'challenge', updated_at = now() WHERE id = $1`, [id]);
          return {
            outcome: { kind: 'page', status: 200, html: challengePage(deps.pagePath(id), pageOrder(session), null) },
          };
        }
        if (session.status === 'challenge') {
          const html = challengePage(deps.pagePath(id), pageOrder(session), null);
          return { outcome: { kind: 'page', status: 200, html } };
        }
        return {
          outcome: { kind: 'redirect', url: back.success },
          event: await conclude(q, deps, session, 'succeeded', input.card),
        };
      case 'verify': {
        if (session.status !== 'challenge') {
          return { outcome: { kind: 'page', status: 200, html: payPage(deps.pagePath(id), pageOrder(session)) } };
        }
        if (input.code.trim() === SANDBOX_CHALLENGE_CODE) {
          // Only the 3-D Secure test card asks for the code.
          return {
            outcome: { kind: 'redirect', url: back.success },
            event: await conclude(q, deps, session, 'succeeded', 'challenge'),
          };
        }
        const attempts = session.challenge_attempts + 1;
        if (attempts >= SANDBOX_CHALLENGE_TRIES) {
          return {
            outcome: { kind: 'redirect', url: back.fail },
            event: await conclude(q, deps, session, 'declined'),
          };
        }
        await q.query(`UPDATE sandbox_sessions SET challenge_attempts = $2, updated_at = now() WHERE id = $1`, [
          id,
          attempts,
        ]);
        const left = SANDBOX_CHALLENGE_TRIES - attempts;
        return {
          outcome: { kind: 'page', status: 200, html: challengePage(deps.pagePath(id), pageOrder(session), left) },
        };
      }
    }
  });
  // Delivered now, so the order is paid before the browser is back on the card page; the job covers a failure.
  if (step.event) await deps.deliver(step.event).catch(() => 'retry');
  return step.outcome;
}

/** The delivery job: skip events our webhook already stored, else deliver; a 5xx or no answer is retried. */
export async function redeliver(deps: SandboxDeps, event: SandboxEvent): Promise<void> {
  const stored = await deps.db.one(`SELECT 1 FROM payment_events WHERE provider = 'sandbox' AND event_id = $1`, [
    event.id,
  ]);
  if (stored) return;
  if ((await deps.deliver(event)) === 'retry') throw new Error(`sandbox event ${event.id} not delivered yet`);
}
