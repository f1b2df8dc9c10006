import { createHash, randomBytes } from 'node:crypto';
import { formatCount, formatData } from 'shared-contracts';
import { type Db, type Queryable } from '../../db/index';
import { OUTSIDE_CALLS_AT_ONCE } from '../../lib/concurrently';
import { bytesToMb } from '../../lib/format';
import { sendAllLogged, type MailLogger, type MailMessage, type Mailer } from '../../mail';
import { recordNameJoins, recordNameSql } from '../payments/package-name';
import { ALERT_LANGUAGES, alertText, fill } from './alert-text';

/**
 * Alerts a cardholder gets about a card (beyond the spec; no consumer eSIM shop sends them per card): data left
 * under the thresholds they chose (default 20% and 5%) and a package ending within 24 hours. Each is raised once per
 * package and threshold (card_alerts is UNIQUE on them) by usage ingestion or the expiry job, in the transaction
 * that saw it, with a job that then writes the notice on the card page (in every language) and mails the card's
 * e-mail in the card's language, with a one-tap link to the card's packages and an unsubscribe link that needs no
 * login. A package that crosses two thresholds at once gets one mail and one notice, about the lower one.
 */

export const EXPIRY_ALERT_HOURS = 24;
export const UNSUBSCRIBE_PATH = '/eshop/alerts/unsubscribe';

interface AlertRow {
  id: number;
  card_package_id: number;
  iccid: string;
  kind: 'low_data' | 'expiry';
  threshold: number;
  notice_id: number | null;
  mailed_at: Date | null;
  /** The package as the shop showed it (payments/package-name.ts), in the mail's language (lang). */
  package_name: string;
  /** The same in each language of ALERT_LANGUAGES, for the card page's notices. */
  package_names: Record<string, string> | null;
  data_bytes: number | null;
  used_bytes: number;
  expire_timestamp: number | null;
  card_name: string | null;
  email: string | null;
  mail: boolean;
  lang: string;
}

export interface AlertContext {
  db: Db;
  mailer: Mailer;
  logMail: MailLogger;
  publicOrigin: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The card as the cardholder knows it: its name, else its ICCID's last four digits. */
function cardLabel(row: Pick<AlertRow, 'card_name' | 'iccid'>): string {
  return row.card_name ? `${row.card_name} (…${row.iccid.slice(-4)})` : `…${row.iccid.slice(-4)}`;
}

function formatEnd(epochSeconds: number | null, lang: string): string {
  if (epochSeconds === null) return '';
  try {
    return `${new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
      epochSeconds * 1000,
    )} UTC`;
  } catch {
    return new Date(epochSeconds * 1000).toISOString();
  }
}

/**
 * The placeholders of an alert's texts in `lang`: the package's name in it, and the figures as the language writes
 * them with Intl, as the screens do (shared-contracts format.ts): '3,9 GB' in German, '3,9 Go' in French.
 */
export function alertValues(
  row: Pick<
    AlertRow,
    'card_name' | 'iccid' | 'package_name' | 'package_names' | 'data_bytes' | 'used_bytes' | 'expire_timestamp'
  >,
  lang: string,
): Record<string, string> {
  const total = Number(row.data_bytes ?? 0);
  const remain = Math.max(0, total - Number(row.used_bytes));
  return {
    card: cardLabel(row),
    package: row.package_names?.[lang] ?? row.package_name,
    left: formatCount(total > 0 ? Math.floor((remain * 100) / total) : 0, lang),
    remain: formatData(bytesToMb(remain), lang),
    total: formatData(bytesToMb(total), lang),
    date: formatEnd(row.expire_timestamp, lang),
  };
}

function titleAndBody(row: AlertRow, lang: string) {
  const text = alertText(lang);
  const filled = alertValues(row, lang);
  return row.kind === 'low_data'
    ? { subject: fill(text.lowSubject, filled), title: fill(text.lowTitle, filled), body: fill(text.lowBody, filled) }
    : {
        subject: fill(text.expirySubject, filled),
        title: fill(text.expiryTitle, filled),
        body: fill(text.expiryBody, filled),
      };
}

/** The card's page of packages, where one tap tops it up. */
export const packagesLink = (publicOrigin: string, iccid: string) =>
  `${publicOrigin}/pkg?iccid=${encodeURIComponent(iccid)}`;

async function loadAlerts(q: Queryable, ids: readonly number[]): Promise<AlertRow[]> {
  return q.query<AlertRow>(
    `SELECT a.id, a.card_package_id, a.iccid, a.kind, a.threshold, a.notice_id, a.mailed_at,
            ${recordNameSql()} AS package_name, names.package_names, cp.data_bytes, cp.used_bytes, cp.expire_timestamp,
            c.name AS card_name, c.email, coalesce(s.mail, true) AS mail, x.lang
       FROM card_alerts a
       JOIN card_packages cp ON cp.id = a.card_package_id
       JOIN cards c ON c.iccid = a.iccid
       JOIN agents ag ON ag.flag = c.agent_flag
       LEFT JOIN users u ON u.id = c.user_id
       LEFT JOIN card_alert_settings s ON s.iccid = a.iccid
       CROSS JOIN LATERAL (
         SELECT coalesce((SELECT o.lang FROM orders o WHERE o.iccid = c.iccid AND o.lang IS NOT NULL
                           ORDER BY o.created_at DESC LIMIT 1), u.lang, ag.lang, 'en') AS lang) x
       ${recordNameJoins('x.lang')}
       CROSS JOIN LATERAL (
         SELECT json_object_agg(l.lang, ${recordNameSql('cp', 'lt')}) AS package_names
           FROM unnest($2::text[]) AS l(lang)
           LEFT JOIN package_translations lt ON lt.package_id = cp.package_id AND lt.lang = l.lang) names
      WHERE a.id = ANY($1::bigint[])
      ORDER BY a.id`,
    [ids, ALERT_LANGUAGES],
  );
}

/** Of the alerts raised together for one package and kind, the one to tell: the lowest threshold. */
function leaders(rows: readonly AlertRow[]): AlertRow[] {
  const best = new Map<string, AlertRow>();
  for (const row of rows) {
    const key = `${row.card_package_id}:${row.kind}`;
    const current = best.get(key);
    if (!current || row.threshold < current.threshold) best.set(key, row);
  }
  return [...best.values()];
}

/** Writes the card page's notices of new alerts, in every language, once (card_alerts.notice_id). */
async function writeNotices(db: Db, raised: readonly AlertRow[]): Promise<void> {
  const rows = raised.filter((row) => row.notice_id === null);
  if (rows.length === 0) return;
  await db.tx(async (q) => {
    for (const row of leaders(rows)) {
      const english = titleAndBody(row, 'en');
      const notice = await q.one<{ id: number }>(
        `INSERT INTO notices (iccid, title, content, link) VALUES ($1, $2, $3, $4) RETURNING id`,
        [row.iccid, english.title, english.body, `/pkg?iccid=${encodeURIComponent(row.iccid)}`],
      );
      if (!notice) throw new Error('notice not stored');
      const langs = ALERT_LANGUAGES.filter((lang) => lang !== 'en');
      const texts = langs.map((lang) => titleAndBody(row, lang));
      await q.query(
        `INSERT INTO notice_translations (notice_id, lang, title, content)
         SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[])`,
        [notice.id, langs, texts.map((text) => text.title), texts.map((text) => text.body)],
      );
      // Every alert of the group points at the one notice, so none writes another.
      await q.query(
        `UPDATE card_alerts SET notice_id = $1
          WHERE card_package_id = $2 AND kind = $3 AND id = ANY($4::bigint[]) AND notice_id IS NULL`,
        [notice.id, row.card_package_id, row.kind, rows.map((other) => other.id)],
      );
    }
  });
}

async function unsubscribeLink(db: Db, publicOrigin: string, iccid: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.query(`INSERT INTO alert_unsubscribe_tokens (token_hash, iccid) VALUES ($1, $2)`, [hashToken(token), iccid]);
  return `${publicOrigin}${UNSUBSCRIBE_PATH}/${token}`;
}

async function alertMail(context: AlertContext, row: AlertRow): Promise<MailMessage> {
  const text = alertText(row.lang);
  const { subject, body } = titleAndBody(row, row.lang);
  const action = packagesLink(context.publicOrigin, row.iccid);
  const unsubscribe = await unsubscribeLink(context.db, context.publicOrigin, row.iccid);
  return {
    to: row.email ?? '',
    subject,
    text: [body, '', fill(text.action, { link: action }), '', fill(text.unsubscribe, { link: unsubscribe })].join('\n'),
    template: row.kind === 'low_data' ? 'alert-low-data' : 'alert-expiry',
    // One-click unsubscribe from the mail program (RFC 8058).
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * The alert job: notices first, then one mail per package and kind to the card's e-mail (none when the card has no
 * e-mail or its holder unsubscribed). Mails are claimed before sending, so two workers never send one twice; a failed
 * send gives the claim back and throws (the job retries).
 */
export async function deliverAlerts(context: AlertContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await loadAlerts(context.db, ids);
  await writeNotices(context.db, rows);
  const mailable = leaders(rows.filter((row) => row.mailed_at === null)).filter((row) => row.email && row.mail);
  const claimed = await context.db.query<{ id: number }>(
    `UPDATE card_alerts SET mail_claimed_at = now()
      WHERE id = ANY($1::bigint[]) AND mailed_at IS NULL
        AND (mail_claimed_at IS NULL OR mail_claimed_at < now() - interval '10 minutes')
      RETURNING id`,
    [mailable.map((row) => row.id)],
  );
  const claimedIds = new Set(claimed.map((row) => Number(row.id)));
  const sending = mailable.filter((row) => claimedIds.has(Number(row.id)));
  const messages = await Promise.all(sending.map((row) => alertMail(context, row)));
  const results = await sendAllLogged(context.mailer, messages, context.logMail, OUTSIDE_CALLS_AT_ONCE);
  const sent = sending.filter((_, index) => results[index]?.status === 'fulfilled');
  const failed = sending.filter((_, index) => results[index]?.status === 'rejected');
  // The sent mail speaks for its whole group (a lower threshold covers the higher one crossed with it).
  await context.db.query(
    `UPDATE card_alerts a SET mailed_at = now()
       FROM card_alerts m
      WHERE m.id = ANY($1::bigint[]) AND a.card_package_id = m.card_package_id AND a.kind = m.kind
        AND a.id = ANY($2::bigint[]) AND a.mailed_at IS NULL`,
    [sent.map((row) => row.id), ids],
  );
  if (failed.length > 0) {
    await context.db.query(`UPDATE card_alerts SET mail_claimed_at = NULL WHERE id = ANY($1::bigint[])`, [
      failed.map((row) => row.id),
    ]);
    throw new Error(`${failed.length} alert mails not sent`);
  }
}

/** Raises the expiry alerts of active packages ending within 24 hours (cards that kept the expiry alert on). */
export async function raiseExpiryAlerts(q: Queryable, nowSeconds: number): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO card_alerts (card_package_id, iccid, kind, threshold)
     SELECT cp.id, cp.iccid, 'expiry', $3
       FROM card_packages cp
       LEFT JOIN card_alert_settings s ON s.iccid = cp.iccid
      WHERE cp.status = 'active' AND cp.iccid IS NOT NULL AND coalesce(s.expiry, true)
        AND cp.expire_timestamp > $1 AND cp.expire_timestamp <= $2
      ORDER BY cp.id
     ON CONFLICT (card_package_id, kind, threshold) DO NOTHING
     RETURNING id`,
    [nowSeconds, nowSeconds + EXPIRY_ALERT_HOURS * 3600, EXPIRY_ALERT_HOURS],
  );
  return rows.map((row) => Number(row.id));
}

/** The card an unsubscribe token stands for (unused or used: the page answers the same), or undefined. */
export async function unsubscribeCard(db: Queryable, token: string): Promise<string | undefined> {
  const row = await db.one<{ iccid: string }>(`SELECT iccid FROM alert_unsubscribe_tokens WHERE token_hash = $1`, [
    hashToken(token),
  ]);
  return row?.iccid;
}

/** Stops the card's alert mails (the notices on the card page stay). */
export async function unsubscribe(db: Db, token: string): Promise<string | undefined> {
  return db.tx(async (q) => {
    const row = await q.one<{ iccid: string }>(
      `UPDATE alert_unsubscribe_tokens SET used_at = coalesce(used_at, now()) WHERE token_hash = $1 RETURNING iccid`,
      [hashToken(token)],
    );
    if (!row) return undefined;
    await q.query(
      `INSERT INTO card_alert_settings (iccid, mail) VALUES ($1, false)
       ON CONFLICT (iccid) DO UPDATE SET mail = false, updated_at = now()`,
      [row.iccid],
    );
    return row.iccid;
  });
}
