import { createRowCache } from '../../db/row-cache';
import { type Db, type Queryable } from '../../db/index';
import { type MailOutcome } from '../../mail';
import { orderViewSql, packageNameSql, recordNameJoins, recordNameSql } from '../payments/package-name';
import { cardsChangedHands } from '../payments/repository';

export interface AgentRow {
  flag: string;
  name: string;
  version: 1 | 2 | 3;
  paypal: boolean;
  ccy: string;
  lang: string;
  is_default: boolean;
}

export interface ListCardRow {
  iccid: string;
  name: string | null;
  card_kind: 1 | 2;
  status: string;
  kind: number;
  expire_timestamp: number | null;
  used_bytes: number;
  total_bytes: number;
  unlimited: boolean;
  is_third_party: boolean;
  has_keys: boolean;
  warn: string | null;
  activated_at: Date | null;
  action: string | null;
}

export interface SlotRow {
  eid: string;
  name: string | null;
  status: string;
  total_slot: number;
  user_id: number | null;
  email: string | null;
  enabled_iccid: string | null;
  usage_slot: number;
}

export interface PoolListRow {
  pool_object_id: string;
  name: string | null;
  kind: number;
  status: string;
  total_bytes: number;
  used_bytes: number;
  pool_lines: number;
  expire_timestamp: number | null;
  warn: string | null;
  started_at: Date | null;
  used_pool_lines: number;
}

export interface PackageRecordRow {
  id: number;
  name: string;
  status: 'active' | 'init' | 'stop' | 'invalid';
  expire_timestamp: number | null;
  created_at: Date;
  data_bytes: number | null;
  used_bytes: number;
  unlimited: boolean;
  renewal: boolean;
  provider_state: 'none' | 'pending' | 'applied' | 'refused';
}

export interface OrderMailRow {
  id: number;
  user_id: number | null;
  iccid: string | null;
  card_user_id: number | null;
  card_email: string | null;
  order_email: string | null;
  amount: number;
  tax_amount: number;
  currency: string;
  status: string;
  renewal: boolean;
  created_at: Date;
  package_name: string;
}

/** Most unbound ICCIDs listed at once: the batch bind call takes at most this many. */
export const UNBOUND_LIST_MAX = 200;

export interface CardRow {
  iccid: string;
  agent_flag: string;
  agent_version: 1 | 2 | 3;
  agent_is_default: boolean;
  agent_ccy: string;
  card_kind: 1 | 2;
  status: string;
  user_id: number | null;
  name: string | null;
  email: string | null;
  expire_timestamp: number | null;
  used_bytes: number;
  total_bytes: number;
  unlimited: boolean;
  kind: number;
  is_third_party: boolean;
  renewal: boolean;
  has_keys: boolean;
  warn: string | null;
  show_alert: boolean;
  show_share_plan: boolean;
  usage_updated_at: Date | null;
  last_seen_country: string | null;
  last_seen_at: Date | null;
  last_order_at: Date | null;
}

const CARD_COLUMNS = `
  c.iccid, c.agent_flag, a.version AS agent_version, a.is_default AS agent_is_default, a.ccy AS agent_ccy,
  c.card_kind, c.status, c.user_id, c.name, c.email, c.expire_timestamp, c.used_bytes, c.total_bytes, c.unlimited,
  c.kind, c.is_third_party, c.renewal, c.has_keys, c.warn, c.show_alert, c.show_share_plan, c.usage_updated_at,
  c.last_seen_country, c.last_seen_at,
  (SELECT max(o.created_at) FROM orders o WHERE o.iccid = c.iccid AND o.status IN ('paid', 'fulfilled')) AS last_order_at`;

/** A slot with its enabled profile and used slot count (SlotRow); callers add FROM esim_slots s and a filter. */
const SLOT_COLUMNS = `
  s.eid, s.name, s.status, s.total_slot, s.user_id, s.email,
  (SELECT p.iccid FROM esim_profiles p WHERE p.eid = s.eid AND p.action = 'enable'
    ORDER BY p.installed_at DESC NULLS LAST, p.id DESC LIMIT 1) AS enabled_iccid,
  (SELECT count(*)::int FROM esim_profiles p
    WHERE p.eid = s.eid AND p.action IN ('install', 'enable', 'disable')) AS usage_slot`;

/** A pool in the card list (PoolListRow); callers add FROM pools p and a filter. */
const POOL_COLUMNS = `
  p.pool_object_id, p.name, p.kind, p.status, p.total_bytes, p.used_bytes, p.pool_lines, p.expire_timestamp, p.warn,
  coalesce((SELECT min(cp.started_at) FROM card_packages cp WHERE cp.pool_id = p.id), p.created_at) AS started_at,
  (SELECT count(*)::int FROM pool_members m WHERE m.pool_id = p.id) AS used_pool_lines`;

/** An activated pool its owner sees (createPool's pending ones and deleted ones are not). */
const LISTED_POOL = `p.pending_since IS NULL AND p.deleted_at IS NULL`;

/** A card in the card list (ListCardRow); callers add FROM cards c LEFT JOIN esim_profiles p and a filter. */
const LIST_CARD_COLUMNS = `c.iccid, c.name, c.card_kind, c.status, c.kind, c.expire_timestamp, c.used_bytes,
  c.total_bytes, c.unlimited, c.is_third_party, c.has_keys, c.warn, c.activated_at, p.action, c.created_at`;

/**
 * The card list screen's three groups in one statement (one round trip): each group a JSON array in its screen
 * order. JSON has no dates, so the two timestamps come back as text and are turned into Dates by listForUser.
 */
const USER_LIST_SQL = `
  SELECT
    (SELECT coalesce(json_agg(x ORDER BY x.created_at, x.iccid), '[]')
       FROM (SELECT ${LIST_CARD_COLUMNS}
               FROM cards c LEFT JOIN esim_profiles p ON p.iccid = c.iccid
              WHERE c.user_id = $1) x) AS cards,
    (SELECT coalesce(json_agg(x ORDER BY x.created_at, x.eid), '[]')
       FROM (SELECT ${SLOT_COLUMNS}, s.created_at FROM esim_slots s WHERE s.user_id = $1) x) AS slots,
    (SELECT coalesce(json_agg(x ORDER BY x.created_at, x.id), '[]')
       FROM (SELECT ${POOL_COLUMNS}, p.created_at, p.id FROM pools p WHERE p.user_id = $1 AND ${LISTED_POOL}) x)
      AS pools`;

type Json<T, DateKey extends keyof T> = Omit<T, DateKey> & { [K in DateKey]: string | null };

const toDate = (value: string | null): Date | null => (value === null ? null : new Date(value));

export interface UserListRows {
  cards: ListCardRow[];
  slots: SlotRow[];
  pools: PoolListRow[];
}

/** Runs fn in q's transaction when q is one already, else in a new transaction of the pool q is. */
function inTransaction<T>(q: Queryable, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return 'tx' in q && typeof (q as Db).tx === 'function' ? (q as Db).tx(fn) : fn(q);
}

export function createCardRepository(db: Db) {
  // The card page's row of a card (its first calls all read it), kept until the data changes (db/row-cache).
  const pageRows = createRowCache<CardRow>(db);
  const pageAgents = createRowCache<AgentRow>(db, { max: 1_000 });
  // The card list's answers of a user (its first calls read both), kept until the data changes like the rows above.
  const userLists = createRowCache<UserListRows>(db, { max: 1_000, copy: structuredClone });
  const unboundLists = createRowCache<{ iccids: string[] }>(db, { max: 1_000, copy: structuredClone });
  const readAgent = (flag: string) =>
    db.one<AgentRow>(`SELECT flag, name, version, paypal, ccy, lang, is_default FROM agents WHERE flag = $1`, [flag]);
  const readCard = (iccid: string) =>
    db.one<CardRow>(`SELECT ${CARD_COLUMNS} FROM cards c JOIN agents a ON a.flag = c.agent_flag WHERE c.iccid = $1`, [
      iccid,
    ]);
  const readUnbound = async (userId: number, email: string) => {
    const rows = await db.query<{ iccid: string }>(
      `SELECT c.iccid FROM cards c
        WHERE c.user_id IS NULL
          AND (lower(c.email) = $2
               OR EXISTS (SELECT 1 FROM orders o
                           WHERE o.iccid = c.iccid AND o.status IN ('paid', 'fulfilled')
                             AND (o.user_id = $1 OR lower(o.email) = $2)))
          AND NOT EXISTS (SELECT 1 FROM card_unbinds u WHERE u.user_id = $1 AND u.iccid = c.iccid)
        ORDER BY c.iccid
        LIMIT ${UNBOUND_LIST_MAX}`,
      [userId, email],
    );
    return rows.map((row) => row.iccid);
  };
  return {
    async findCard(iccid: string): Promise<CardRow | undefined> {
      return readCard(iccid);
    },

    /**
     * findCard for the card page's read-only calls (check/card, get/agent, get/card, refresh, get/pkg, its notices and
     * adverts): from memory until the data changes. Calls that act on a card (payments, settings, binding) read it with
     * findCard.
     */
    async pageCard(iccid: string): Promise<CardRow | undefined> {
      return pageRows.get(iccid, () => readCard(iccid));
    },

    async findAgent(flag: string): Promise<AgentRow | undefined> {
      return readAgent(flag);
    },

    /** findAgent for the card page's read-only calls: from memory until the data changes. */
    async pageAgent(flag: string): Promise<AgentRow | undefined> {
      return pageAgents.get(flag, () => readAgent(flag));
    },

    /**
     * The caller's cards (SIM and eSIM profiles, oldest first), eSIM slots and pools, in one round trip; from memory
     * until the data changes (db/row-cache; migration 021 announces the tables it reads).
     */
    async listForUser(userId: number): Promise<UserListRows> {
      const kept = await userLists.get(String(userId), async () => {
        const row = await db.one<{
          cards: Json<ListCardRow, 'activated_at'>[];
          slots: SlotRow[];
          pools: Json<PoolListRow, 'started_at'>[];
        }>(USER_LIST_SQL, [userId]);
        return {
          cards: (row?.cards ?? []).map((card) => ({ ...card, activated_at: toDate(card.activated_at) })),
          slots: row?.slots ?? [],
          pools: (row?.pools ?? []).map((pool) => ({ ...pool, started_at: toDate(pool.started_at) })),
        };
      });
      return kept ?? { cards: [], slots: [], pools: [] };
    },

    async findSlot(eid: string): Promise<SlotRow | undefined> {
      return db.one<SlotRow>(`SELECT ${SLOT_COLUMNS} FROM esim_slots s WHERE s.eid = $1`, [eid]);
    },

    async listUserPools(userId: number): Promise<PoolListRow[]> {
      return db.query<PoolListRow>(
        `SELECT ${POOL_COLUMNS} FROM pools p WHERE p.user_id = $1 AND ${LISTED_POOL}
          ORDER BY p.created_at, p.id`,
        [userId],
      );
    },

    /**
     * ICCIDs linked to the user but bound to no account: the card's e-mail is the user's, or the user (by account
     * or by the order e-mail) paid an order for it. Cards the user unbound themselves are left out. From memory until
     * the data changes, like listForUser.
     */
    async listUnbound(user: { id: number; email: string }): Promise<string[]> {
      const email = user.email.toLowerCase();
      const kept = await unboundLists.get(`${user.id} ${email}`, async () => ({
        iccids: await readUnbound(user.id, email),
      }));
      return kept?.iccids ?? [];
    },

    /**
     * Binds an unbound card to the user (the card keeps its e-mail, or gets the user's). 'bound': done now or
     * already the user's; 'taken': another account owns it; 'missing': no such card. A card that was nobody's
     * changes hands: what others paid for on it stops renewing (payments cardsChangedHands), in the same
     * transaction (the caller's, or one of its own when given the pool).
     */
    async bindCard(q: Queryable, iccid: string, user: { id: number; email: string }) {
      return inTransaction(q, async (tx) => {
        const row = await tx.one<{ before: number | null }>(
          `WITH prior AS (SELECT iccid, user_id FROM cards WHERE iccid = $1 FOR UPDATE)
           UPDATE cards c SET user_id = $2, email = coalesce(c.email, $3), updated_at = now()
             FROM prior WHERE c.iccid = prior.iccid AND (prior.user_id IS NULL OR prior.user_id = $2)
           RETURNING prior.user_id AS before`,
          [iccid, user.id, user.email],
        );
        if (row) {
          await tx.query(`DELETE FROM card_unbinds WHERE user_id = $1 AND iccid = $2`, [user.id, iccid]);
          if (row.before === null) await cardsChangedHands(tx, [iccid], user.id);
          return 'bound' as const;
        }
        const exists = await tx.one(`SELECT 1 FROM cards WHERE iccid = $1`, [iccid]);
        return exists ? ('taken' as const) : ('missing' as const);
      });
    },

    /**
     * Removes the user's card from the account and from the user's pools; false when it is not theirs. The card
     * changes hands: its renewals stop and the user's saved methods renew it no more.
     */
    async unbindCard(iccid: string, userId: number): Promise<boolean> {
      return db.tx(async (q) => {
        const row = await q.one(
          `UPDATE cards SET user_id = NULL, updated_at = now() WHERE iccid = $1 AND user_id = $2 RETURNING iccid`,
          [iccid, userId],
        );
        if (!row) return false;
        await q.query(
          `DELETE FROM pool_members m USING pools p WHERE m.pool_id = p.id AND p.user_id = $2 AND m.iccid = $1`,
          [iccid, userId],
        );
        await q.query(
          `INSERT INTO card_unbinds (user_id, iccid) VALUES ($1, $2) ON CONFLICT (user_id, iccid) DO NOTHING`,
          [userId, iccid],
        );
        await cardsChangedHands(q, [iccid], null);
        return true;
      });
    },

    async renameCard(iccid: string, userId: number, name: string | null): Promise<boolean> {
      const row = await db.one(
        `UPDATE cards SET name = $3, updated_at = now() WHERE iccid = $1 AND user_id = $2 RETURNING iccid`,
        [iccid, userId, name],
      );
      return row !== undefined;
    },

    /** Binds an unbound slot (and its unbound profiles) to the user; same answers as bindCard. */
    async bindSlot(eid: string, user: { id: number; email: string }) {
      return db.tx(async (q) => {
        const row = await q.one(
          `UPDATE esim_slots SET user_id = $2, email = coalesce(email, $3)
            WHERE eid = $1 AND (user_id IS NULL OR user_id = $2) RETURNING eid`,
          [eid, user.id, user.email],
        );
        if (!row) {
          const exists = await q.one(`SELECT 1 FROM esim_slots WHERE eid = $1`, [eid]);
          return exists ? ('taken' as const) : ('missing' as const);
        }
        // Its profiles nobody held change hands with it.
        const profiles = await q.query<{ iccid: string }>(
          `UPDATE cards SET user_id = $2, email = coalesce(email, $3), updated_at = now()
            WHERE eid = $1 AND user_id IS NULL RETURNING iccid`,
          [eid, user.id, user.email],
        );
        await cardsChangedHands(
          q,
          profiles.map((profile) => profile.iccid),
          user.id,
        );
        return 'bound' as const;
      });
    },

    /** One more unlock of the card, unless it already had `max`; false then. */
    async countUnlock(iccid: string, max: number): Promise<boolean> {
      const row = await db.one(
        `UPDATE cards SET unlock_count = unlock_count + 1, updated_at = now()
          WHERE iccid = $1 AND unlock_count < $2 RETURNING unlock_count`,
        [iccid, max],
      );
      return row !== undefined;
    },

    async setCardEmail(iccid: string, email: string): Promise<void> {
      await db.query(`UPDATE cards SET email = $2, updated_at = now() WHERE iccid = $1`, [iccid, email]);
    },

    async setSlotEmail(eid: string, email: string): Promise<void> {
      await db.query(`UPDATE esim_slots SET email = $2 WHERE eid = $1`, [eid, email]);
    },

    /** The cards of the list (ListCardRow), in the order given: a pool's members (poolCardList). */
    async listCards(iccids: ReadonlyArray<string>): Promise<ListCardRow[]> {
      return db.query<ListCardRow>(
        `SELECT ${LIST_CARD_COLUMNS}
           FROM unnest($1::text[]) WITH ORDINALITY AS v(iccid, n)
           JOIN cards c ON c.iccid = v.iccid LEFT JOIN esim_profiles p ON p.iccid = c.iccid
          ORDER BY v.n`,
        [iccids],
      );
    },

    /**
     * Purchased packages of a card (or, given { poolId }, of a pool), newest first, each named as the shop showed it
     * in the language asked for (payments/package-name.ts: '20 GB', never the catalogue's 'Europe 20 GB monthly').
     */
    async packageRecords(owner: string | { poolId: number }, lang: string): Promise<PackageRecordRow[]> {
      return db.query<PackageRecordRow>(
        `SELECT cp.id, ${recordNameSql()} AS name, cp.status, cp.expire_timestamp, cp.created_at, cp.data_bytes,
                cp.used_bytes, cp.unlimited, coalesce(rn_o.renewal, false) AS renewal, cp.provider_state
           FROM card_packages cp
           ${recordNameJoins('$2')}
          WHERE ${typeof owner === 'string' ? 'cp.iccid = $1' : 'cp.pool_id = $1'}
          ORDER BY cp.created_at DESC, cp.id DESC`,
        [typeof owner === 'string' ? owner : owner.poolId, lang],
      );
    },

    async findOrderForMail(orderId: number, lang: string): Promise<OrderMailRow | undefined> {
      return db.one<OrderMailRow>(
        `SELECT o.id, o.user_id, o.iccid, c.user_id AS card_user_id, c.email AS card_email, o.email AS order_email,
                o.amount, o.tax_amount, o.currency, o.status, o.renewal, o.created_at,
                ${packageNameSql('t', 'en', 'p', orderViewSql())} AS package_name
           FROM orders o
           JOIN packages p ON p.id = o.package_id
           LEFT JOIN cards c ON c.iccid = o.iccid
           LEFT JOIN agents ag ON ag.flag = o.agent_flag
           LEFT JOIN package_translations t ON t.package_id = p.id AND t.lang = $2
           LEFT JOIN package_translations en ON en.package_id = p.id AND en.lang = 'en'
          WHERE o.id = $1`,
        [orderId, lang],
      );
    },

    /** A MailLogger (mail.ts sendLogged): one mail_log row per mail sent or failed, one statement for all. */
    async logMail(outcomes: readonly MailOutcome[]): Promise<void> {
      if (outcomes.length === 0) return;
      await db.query(
        `INSERT INTO mail_log (to_address, subject, template, sent_at, error)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[])`,
        [
          outcomes.map(({ message }) => message.to),
          outcomes.map(({ message }) => message.subject),
          outcomes.map(({ message }) => message.template),
          outcomes.map(({ error }) => (error ? null : new Date())),
          outcomes.map(({ error }) => error),
        ],
      );
    },

    async defaultAgent(): Promise<AgentRow | undefined> {
      return db.one<AgentRow>(
        `SELECT flag, name, version, paypal, ccy, lang, is_default FROM agents WHERE is_default LIMIT 1`,
      );
    },
  };
}

export type CardRepository = ReturnType<typeof createCardRepository>;
