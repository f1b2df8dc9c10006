import { type Db } from '../../db/index';
import { createRowCache } from '../../db/row-cache';

export interface NoticeRow {
  id: number;
  title: string;
  content: string;
  link: string | null;
  created_at: Date;
  read: boolean;
}

export interface NoticeScope {
  lang: string;
  agentFlag: string | null;
  iccid: string | null;
  userId: number | null;
}

export interface AdvertRow {
  id: number;
  ad_type: number;
  title: string;
  image: string;
  link: string | null;
  btn_text: string | null;
  show_number: number | null;
  show_rule: number | null;
  background_color: string | null;
}

export interface NoticeOwnerRow {
  id: number;
  user_id: number | null;
  card_user_id: number | null;
  iccid: string | null;
}

/** One notice in full with whom it is for (see findNoticeOwner). */
export interface NoticeDetailRow extends NoticeRow, NoticeOwnerRow {}

export interface ActivityEvent {
  name: string;
  iccid: string | null;
  userId: number | null;
  position: string | null;
  link: string | null;
  activityId?: number | null;
}

const IN_FORCE = `(n.starts_at IS NULL OR n.starts_at <= now()) AND (n.ends_at IS NULL OR n.ends_at > now())`;

/** Rows that hold until the data changes or the next start or end of something in force (db/row-cache). */
interface InForce<R> {
  rows: R[];
  /** The next starts_at or ends_at after the read's time (epoch ms), null when there is none. */
  until: number | null;
}

/**
 * The rows of `sql` in force at `at` (its last parameter), with the table's next start or end after `at`: the same
 * instant for both, so nothing starting or ending between the two statements is missed.
 */
async function readInForce<R extends object>(
  db: Db,
  table: 'activities' | 'notices',
  sql: string,
  params: readonly unknown[],
): Promise<InForce<R>> {
  const at = new Date();
  const [rows, next] = await Promise.all([
    db.query<R>(sql, [...params, at]),
    db.one<{ until: Date | null }>(
      `SELECT least(min(starts_at) FILTER (WHERE starts_at > $1), min(ends_at) FILTER (WHERE ends_at > $1)) AS until
         FROM ${table}`,
      [at],
    ),
  ]);
  return { rows, until: next?.until ? new Date(next.until).getTime() : null };
}

export function createSiteRepository(db: Db) {
  // The card page's adverts and notices (every visit asks them), kept until the data changes or one of them starts
  // or ends by the clock.
  const inForceCache = <R extends object>() =>
    createRowCache<InForce<R>>(db, { max: 1_000, copy: structuredClone, keepUntil: (kept) => kept.until ?? undefined });
  const advertRows = inForceCache<AdvertRow>();
  const noticeRows = inForceCache<NoticeRow>();
  // The config table (getConfig: every first visit's page asks it), kept until it changes.
  const configRows = createRowCache<{ entries: [string, unknown][] }>(db, { max: 1, copy: structuredClone });
  return {
    /** An advert in force, whatever its position. */
    async findAdvert(id: number): Promise<AdvertRow | undefined> {
      return db.one<AdvertRow>(
        `SELECT id, ad_type, title, image, link, btn_text, show_number, show_rule, background_color
           FROM activities
          WHERE id = $1 AND active AND (starts_at IS NULL OR starts_at <= now()) AND (ends_at IS NULL OR ends_at > now())`,
        [id],
      );
    },

    /** Whom a notice is for: a user, a card (and that card's owner), or everyone (all null). */
    async findNoticeOwner(id: number): Promise<NoticeOwnerRow | undefined> {
      return db.one<NoticeOwnerRow>(
        `SELECT n.id, n.user_id, n.iccid, c.user_id AS card_user_id
           FROM notices n LEFT JOIN cards c ON c.iccid = n.iccid
          WHERE n.id = $1 AND ${IN_FORCE}`,
        [id],
      );
    },

    /** A notice in force, in the language asked for when translated, with the caller's read mark and its owner. */
    async findNoticeDetail(
      id: number,
      lang: string | null,
      userId: number | null,
    ): Promise<NoticeDetailRow | undefined> {
      return db.one<NoticeDetailRow>(
        `SELECT n.id, coalesce(t.title, n.title) AS title, coalesce(t.content, n.content) AS content, n.link,
                n.created_at, (r.notice_id IS NOT NULL) AS read, n.user_id, n.iccid, c.user_id AS card_user_id
           FROM notices n
           LEFT JOIN cards c ON c.iccid = n.iccid
           LEFT JOIN notice_translations t ON t.notice_id = n.id AND t.lang = $2
           LEFT JOIN notice_reads r ON r.notice_id = n.id AND r.user_id = $3
          WHERE n.id = $1 AND ${IN_FORCE}`,
        [id, lang, userId],
      );
    },

    async markNoticeRead(noticeId: number, userId: number): Promise<void> {
      await db.query(
        `INSERT INTO notice_reads (notice_id, user_id) VALUES ($1, $2) ON CONFLICT (notice_id, user_id) DO NOTHING`,
        [noticeId, userId],
      );
    },

    /** The alert of a card page: the newest notice for the card itself, else the newest for its agent or all. */
    async cardAlert(scope: NoticeScope & { iccid: string }): Promise<NoticeRow | undefined> {
      return db.one<NoticeRow>(
        `SELECT n.id, coalesce(t.title, n.title) AS title, coalesce(t.content, n.content) AS content, n.link,
                n.created_at, (r.notice_id IS NOT NULL) AS read
           FROM notices n
           LEFT JOIN notice_translations t ON t.notice_id = n.id AND t.lang = $1
           LEFT JOIN notice_reads r ON r.notice_id = n.id AND r.user_id = $4
          WHERE ${IN_FORCE}
            AND (n.agent_flag IS NULL OR n.agent_flag = $2)
            AND (n.iccid IS NULL OR n.iccid = $3)
            AND n.user_id IS NULL
          ORDER BY (n.iccid IS NOT NULL) DESC, n.created_at DESC, n.id DESC
          LIMIT 1`,
        [scope.lang, scope.agentFlag, scope.iccid, scope.userId],
      );
    },

    /**
     * Records an event (banner tap, support click); a banner named by its title, in any of its languages, is linked
     * to its advert.
     */
    async recordEvent(event: ActivityEvent): Promise<void> {
      await db.query(
        `INSERT INTO activity_events (activity_id, name, iccid, user_id, position, link)
         VALUES (coalesce($1, (SELECT id FROM activities WHERE title = $2 ORDER BY id LIMIT 1),
                              (SELECT activity_id FROM activity_translations WHERE title = $2
                                ORDER BY activity_id LIMIT 1)),
                 $2, $3, $4, $5, $6)`,
        [event.activityId ?? null, event.name, event.iccid, event.userId, event.position, event.link],
      );
    },

    async configValues(): Promise<Map<string, unknown>> {
      const kept = await configRows.get('config', async () => {
        const rows = await db.query<{ key: string; value: unknown }>(`SELECT key, value FROM config`);
        return { entries: rows.map((row): [string, unknown] => [row.key, row.value]) };
      });
      return new Map(kept?.entries);
    },

    async setConfig(key: string, value: unknown): Promise<void> {
      await db.query(
        `INSERT INTO config (key, value) VALUES ($1, $2::jsonb)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [key, JSON.stringify(value)],
      );
    },

    /**
     * Adverts in force for a card's agent, language and any of the positions (null position: everywhere). Title,
     * button text and picture in the language asked for, each field else English, else the advert's own. From memory
     * until the data changes or an advert starts or ends.
     */
    async adverts(scope: { agentFlag: string | null; lang: string; positions: string[] }): Promise<AdvertRow[]> {
      const params = [scope.agentFlag, scope.lang, scope.positions];
      const kept = await advertRows.get(JSON.stringify(params), () =>
        readInForce<AdvertRow>(
          db,
          'activities',
          `SELECT a.id, a.ad_type,
                coalesce(nullif(t.title, ''), nullif(en.title, ''), a.title) AS title,
                coalesce(nullif(t.image, ''), nullif(en.image, ''), a.image) AS image,
                a.link,
                coalesce(nullif(t.btn_text, ''), nullif(en.btn_text, ''), a.btn_text) AS btn_text,
                a.show_number, a.show_rule, a.background_color
           FROM activities a
           LEFT JOIN activity_translations t ON t.activity_id = a.id AND t.lang = $2
           LEFT JOIN activity_translations en ON en.activity_id = a.id AND en.lang = 'en'
          WHERE a.active AND (a.starts_at IS NULL OR a.starts_at <= $4) AND (a.ends_at IS NULL OR a.ends_at > $4)
            AND (a.agent_flag IS NULL OR a.agent_flag = $1)
            AND (a.lang IS NULL OR a.lang = $2)
            AND (a.position IS NULL OR a.position = ANY ($3::text[]))
          ORDER BY a.sort_order, a.id`,
          params,
        ),
      );
      return kept?.rows ?? [];
    },

    /**
     * Notices in force for the scope, newest first: everyone's, the card's agent's, the card's own and the user's.
     * Text in the language asked for, else the notice's own (English) text. From memory until the data changes (a read
     * mark too) or a notice starts or ends.
     */
    async notices(scope: NoticeScope): Promise<NoticeRow[]> {
      const params = [scope.lang, scope.agentFlag, scope.iccid, scope.userId];
      const kept = await noticeRows.get(JSON.stringify(params), () =>
        readInForce<NoticeRow>(
          db,
          'notices',
          `SELECT n.id, coalesce(t.title, n.title) AS title, coalesce(t.content, n.content) AS content, n.link,
                n.created_at, (r.notice_id IS NOT NULL) AS read
           FROM notices n
           LEFT JOIN notice_translations t ON t.notice_id = n.id AND t.lang = $1
           LEFT JOIN notice_reads r ON r.notice_id = n.id AND r.user_id = $4
          WHERE (n.starts_at IS NULL OR n.starts_at <= $5) AND (n.ends_at IS NULL OR n.ends_at > $5)
            AND (n.agent_flag IS NULL OR n.agent_flag = $2)
            AND (n.iccid IS NULL OR n.iccid = $3)
            AND (n.user_id IS NULL OR n.user_id = $4)
          ORDER BY n.created_at DESC, n.id DESC
          LIMIT 100`,
          params,
        ),
      );
      return kept?.rows ?? [];
    },
  };
}

export type SiteRepository = ReturnType<typeof createSiteRepository>;
