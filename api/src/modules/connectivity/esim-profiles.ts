import { type FastifyBaseLogger } from 'fastify';
import { appleInstallLink } from 'shared-contracts';
import { type Db, type Queryable } from '../../db/index';
import { type Mailer, type MailMessage } from '../../mail';
import { shopPageUrl } from '../payments/checkout';
import { type PaymentProvider, type ProviderName } from '../payments/providers/types';
import { refundPaidOrder } from './apply';
import { recomputeCards } from './usage';
import { type ConnectivityProvider, type ProfileState, type ProfileStatus } from './providers/types';

/**
 * eSIM profiles from the connectivity provider (issue 25). Fulfilment of a paid eSIM shop order stores one profile
 * request with its job (payments/profiles.ts, in the payment's transaction; esim_profile_requests.order_id is the
 * primary key, so a replayed payment event adds nothing). The job orders the profile from the provider under our
 * reference `esim-order-<order id>` (the simulator answers a retry with the profile it issued; eSIM Go, which has no
 * idempotency key, is never asked twice: a retry after an unfinished attempt is left to an operator), then makes in
 * one transaction the card (card_kind 2, the buyer's), the slot's profile (pending installation, with the provider's
 * SM-DP+ address and matching ID) and the package, which the provider carries from the order on.
 */

export interface ProfileContext {
  db: Db;
  provider: ConnectivityProvider;
  paymentProviders: Partial<Record<ProviderName, PaymentProvider>>;
  log: FastifyBaseLogger;
  /** Sends the buyer the "ready to install" mail (esimReadyMail); absent: no mail. */
  mailer?: Mailer;
  /** The shop's public origin, for the slot page's address in that mail. */
  publicOrigin?: string;
}

/**
 * The mail a new profile's buyer gets once the network issued it: the one-tap ways to install it on the phone that
 * reads the mail (Apple's link on an iPhone with iOS 17.4 or later; on Android the code to paste in Settings), the
 * SM-DP+ address and activation code to type, and the slot page, whose QR code another device can show.
 */
export function esimReadyMail(
  to: string,
  facts: { orderId: number; iccid: string; eid: string; smdpAddress: string; matchingId: string; slotUrl: string },
): MailMessage {
  const code = `LPA:1$${facts.smdpAddress}$${facts.matchingId}`;
  const apple = appleInstallLink(code);
  const text = [
    `Your eSIM for order #${facts.orderId} is ready to install.`,
    '',
    `eSIM (ICCID): ${facts.iccid}`,
    `For the phone with EID: ${facts.eid}`,
    '',
    ...(apple ? ['On this iPhone (iOS 17.4 or later), tap to install:', apple, ''] : []),
    'On Android: copy the activation code below, then Settings › Network & internet › SIMs › Add eSIM › Enter code.',
    '',
    `SM-DP+ address: ${facts.smdpAddress}`,
    `Activation code: ${facts.matchingId}`,
    `Full activation code (LPA): ${code}`,
    '',
    `To scan a QR code instead, open your eSIM page on another screen: ${facts.slotUrl}`,
    'A QR code works only once. Keep the eSIM after installing it: a deleted profile cannot be restored.',
  ].join('\n');
  return { to, subject: `Your eSIM is ready to install (order #${facts.orderId})`, text, template: 'esim-ready' };
}

/** How long one attempt may take before another run may try (the provider's timeouts are well under it). */
const LEASE_SECONDS = 120;

export const profileReference = (orderId: number): string => `esim-order-${orderId}`;

interface RequestRow {
  order_id: number;
  eid: string;
  first_attempt_at: Date | null;
  package_id: number;
  name: string;
  bundle: string;
  data_bytes: number | null;
  unlimited: boolean;
  validity_days: number;
  fair_use_daily_bytes: number | null;
}

async function claim(context: ProfileContext, orderId: number): Promise<RequestRow | undefined> {
  return context.db.one<RequestRow>(
    `WITH before AS (SELECT order_id, first_attempt_at FROM esim_profile_requests
                      WHERE order_id = $1 AND state = 'pending' AND (lease_until IS NULL OR lease_until < now())
                     FOR UPDATE)
     UPDATE esim_profile_requests r SET attempts = r.attempts + 1, first_attempt_at = coalesce(r.first_attempt_at, now()),
            provider = $2, lease_until = now() + interval '${LEASE_SECONDS} seconds', updated_at = now()
       FROM before, orders o, packages p
            LEFT JOIN package_translations en ON en.package_id = p.id AND en.lang = 'en'
      WHERE r.order_id = before.order_id AND o.id = r.order_id AND p.id = o.package_id
      RETURNING r.order_id, r.eid, before.first_attempt_at, p.id AS package_id, coalesce(en.name, p.code) AS name,
                coalesce(p.provider_bundle, p.code) AS bundle, p.data_bytes, p.unlimited, p.validity_days,
                p.fair_use_daily_bytes`,
    [orderId, context.provider.name],
  );
}

/** Orders one request's profile and makes it ours; throws on a failure the job should retry. */
export async function issueProfile(
  context: ProfileContext,
  orderId: number,
): Promise<'issued' | 'refused' | 'unknown' | 'skipped'> {
  const row = await claim(context, orderId);
  if (!row) return 'skipped';
  let result: Awaited<ReturnType<ConnectivityProvider['orderProfile']>>;
  try {
    result = await context.provider.orderProfile({
      reference: profileReference(orderId),
      eid: row.eid,
      bundle: row.bundle,
      dataBytes: row.data_bytes === null ? null : Number(row.data_bytes),
      unlimited: row.unlimited,
      validityDays: row.validity_days,
      fairUseDailyBytes: row.fair_use_daily_bytes === null ? null : Number(row.fair_use_daily_bytes),
      firstAttemptAt: row.first_attempt_at,
    });
  } catch (error) {
    // The lease ends and the job's retry tries again; the note tells an operator what happened last.
    await context.db.query(
      `UPDATE esim_profile_requests SET note = $2, lease_until = NULL, updated_at = now() WHERE order_id = $1`,
      [orderId, (error instanceof Error ? error.message : String(error)).slice(0, 500)],
    );
    throw error;
  }
  if (result.status !== 'issued') {
    await context.db.query(
      `UPDATE esim_profile_requests SET state = $2, note = $3, lease_until = NULL, updated_at = now()
        WHERE order_id = $1 AND state = 'pending'`,
      [orderId, result.status, result.reason.slice(0, 500)],
    );
    if (result.status === 'refused') {
      await refundPaidOrder(context, orderId, `the network refused the eSIM: ${result.reason}`);
    } else {
      context.log.warn({ orderId, reason: result.reason }, 'eSIM profile order uncertain: an operator must look');
    }
    return result.status;
  }
  const { profile } = result;
  const nowS = Math.floor(Date.now() / 1000);
  const buyer = await context.db.tx(async (q) => {
    const still = await q.one(
      `SELECT 1 FROM esim_profile_requests WHERE order_id = $1 AND state = 'pending' FOR UPDATE`,
      [orderId],
    );
    if (!still) return null;
    await q.query(
      `INSERT INTO cards (iccid, agent_flag, card_kind, status, user_id, email, eid)
       SELECT $1, coalesce(o.agent_flag, s.agent_flag, (SELECT flag FROM agents WHERE is_default)), 2, 'Ready',
              coalesce(o.user_id, s.user_id), coalesce(o.email, s.email), s.eid
         FROM orders o JOIN esim_slots s ON s.eid = $3
        WHERE o.id = $2
       ON CONFLICT (iccid) DO NOTHING`,
      [profile.iccid, orderId, row.eid],
    );
    await q.query(
      `INSERT INTO esim_profiles (eid, iccid, action, smdp_address, matching_id, order_id, provider_state, checked_at)
       VALUES ($1, $2, 'install', $3, $4, $5, 'released', now())
       ON CONFLICT DO NOTHING`,
      [row.eid, profile.iccid, profile.smdpAddress, profile.matchingId, orderId],
    );
    await q.query(`UPDATE orders SET iccid = $2, updated_at = now() WHERE id = $1`, [orderId, profile.iccid]);
    // The provider carries the bundle from the order on: the package is applied (its usage reports match it by the
    // assignment) and waits for first use like any package.
    await q.query(
      `INSERT INTO card_packages (iccid, package_id, order_id, name, status, data_bytes, unlimited, validity_days,
                                  expire_timestamp, provider, provider_state, provider_assignment, apply_first_at)
       VALUES ($1, $2, $3, $4, 'init', $5, $6, $7, $8, $9, 'applied', $10, now())`,
      [
        profile.iccid,
        row.package_id,
        orderId,
        row.name,
        row.data_bytes,
        row.unlimited,
        row.validity_days,
        nowS + row.validity_days * 86_400,
        context.provider.name,
        profile.assignmentId,
      ],
    );
    await q.query(
      `UPDATE esim_profile_requests SET state = 'issued', iccid = $2, note = NULL, lease_until = NULL,
              updated_at = now()
        WHERE order_id = $1`,
      [orderId, profile.iccid],
    );
    await recomputeCards(q, [profile.iccid]);
    const to = await q.one<{ email: string | null }>(
      `SELECT coalesce(nullif(o.email, ''), u.email) AS email FROM orders o LEFT JOIN users u ON u.id = o.user_id
        WHERE o.id = $1`,
      [orderId],
    );
    return to?.email ?? null;
  });
  // Once, by the run that issued it (a retry after this finds the request issued and stops above).
  if (buyer && context.mailer) {
    const slotUrl = shopPageUrl(context.publicOrigin ?? '', { iccid: null, card_flag: null, eid: row.eid });
    await context.mailer
      .send(
        esimReadyMail(buyer, {
          orderId,
          iccid: profile.iccid,
          eid: row.eid,
          smdpAddress: profile.smdpAddress,
          matchingId: profile.matchingId,
          slotUrl,
        }),
      )
      .catch((error: unknown) => context.log.warn({ err: error, orderId }, 'eSIM ready mail not sent'));
  }
  return 'issued';
}

/** Profile requests left pending (a job that ran out of retries, a lost worker): queued again by the pull. */
export async function stalePendingProfiles(db: Queryable, olderThanSeconds: number): Promise<number[]> {
  const rows = await db.query<{ order_id: number }>(
    `SELECT order_id FROM esim_profile_requests
      WHERE state = 'pending' AND created_at < now() - make_interval(secs => $1::int)
        AND (lease_until IS NULL OR lease_until < now())
      ORDER BY created_at LIMIT 100`,
    [olderThanSeconds],
  );
  return rows.map((row) => Number(row.order_id));
}

// ---- The profile's state on the device

/** esim_profiles.action (the slot page's vocabulary) for a provider state. */
export function actionOf(state: ProfileState): 'install' | 'install_fail' | 'enable' | 'disable' | 'delete' {
  switch (state) {
    case 'released':
    case 'downloaded':
      return 'install';
    case 'install_fail':
      return 'install_fail';
    case 'enabled':
      return 'enable';
    case 'installed':
    case 'disabled':
      return 'disable';
    case 'deleted':
      return 'delete';
  }
}

/** Stores what the provider says about a profile (state, failure reason, installed_at once installed). */
export async function storeProfileStatus(q: Queryable, iccid: string, status: ProfileStatus): Promise<void> {
  await q.query(
    `UPDATE esim_profiles SET provider_state = $2, action = $3, fail_reason = $4,
            installed_at = CASE WHEN $2 IN ('installed', 'enabled', 'disabled')
                                THEN coalesce(installed_at, $5, now()) ELSE installed_at END,
            checked_at = now()
      WHERE iccid = $1`,
    [iccid, status.state, actionOf(status.state), status.reason, status.installedAt],
  );
}
