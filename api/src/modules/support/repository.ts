import { type Queryable } from '../../db/index';

/** Whose thread: an account's, or a visitor device's (the SHA-256 hex of its support token). */
export type ThreadOwner = { userId: number } | { tokenHash: string };

export interface SupportMessageRow {
  id: number;
  client_id: string;
  sender: 'user' | 'agent';
  body: string;
  auto: boolean;
  created_at: Date;
}

export interface ThreadDetails {
  email: string | null;
  iccid: string | null;
  lang: string | null;
}

export interface NewUserMessage extends ThreadDetails {
  threadId: number;
  clientId: string;
  body: string;
  userId: number | null;
}

/** No acknowledgement again while support's last reply is younger than this. */
const ACK_QUIET_HOURS = 24;

async function threadId(q: Queryable, owner: ThreadOwner): Promise<number | undefined> {
  const row =
    'userId' in owner
      ? await q.one<{ id: number }>(`SELECT id FROM support_threads WHERE user_id = $1`, [owner.userId])
      : await q.one<{ id: number }>(`SELECT id FROM support_threads WHERE token_hash = $1 AND user_id IS NULL`, [
          owner.tokenHash,
        ]);
  return row?.id;
}

export function createSupportRepository(db: Queryable & { tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> }) {
  return {
    tx: db.tx.bind(db),

    findThread(owner: ThreadOwner, q: Queryable = db): Promise<number | undefined> {
      return threadId(q, owner);
    },

    /** The owner's thread, created on first use; the details given replace the stored ones. */
    async ensureThread(q: Queryable, owner: ThreadOwner, details: ThreadDetails): Promise<number> {
      const params = [details.email, details.iccid, details.lang];
      const row =
        'userId' in owner
          ? await q.one<{ id: number }>(
              `INSERT INTO support_threads (user_id, email, iccid, lang) VALUES ($4, $1, $2, $3)
               ON CONFLICT (user_id) DO UPDATE
                 SET email = coalesce(EXCLUDED.email, support_threads.email),
                     iccid = coalesce(EXCLUDED.iccid, support_threads.iccid),
                     lang = coalesce(EXCLUDED.lang, support_threads.lang),
                     updated_at = now()
               RETURNING id`,
              [...params, owner.userId],
            )
          : await q.one<{ id: number }>(
              `INSERT INTO support_threads (token_hash, email, iccid, lang) VALUES ($4, $1, $2, $3)
               ON CONFLICT (token_hash) DO UPDATE
                 SET email = coalesce(EXCLUDED.email, support_threads.email),
                     iccid = coalesce(EXCLUDED.iccid, support_threads.iccid),
                     lang = coalesce(EXCLUDED.lang, support_threads.lang),
                     updated_at = now()
               WHERE support_threads.user_id IS NULL
               RETURNING id`,
              [...params, owner.tokenHash],
            );
      if (!row) throw new Error('support thread not writable');
      return row.id;
    },

    /**
     * A visitor's conversation joins the account of whoever logs in on that device (they hold its token): its
     * messages move to the account's thread and the visitor thread is removed.
     */
    async claimVisitorThread(q: Queryable, userId: number, tokenHash: string): Promise<void> {
      const visitor = await threadId(q, { tokenHash });
      if (visitor === undefined) return;
      const account = await this.ensureThread(q, { userId }, { email: null, iccid: null, lang: null });
      await q.query(
        `UPDATE support_messages m SET thread_id = $2
          WHERE m.thread_id = $1
            AND (m.client_id IS NULL OR NOT EXISTS (
                  SELECT 1 FROM support_messages o WHERE o.thread_id = $2 AND o.client_id = m.client_id))`,
        [visitor, account],
      );
      await q.query(`DELETE FROM support_threads WHERE id = $1`, [visitor]);
    },

    /** Oldest first. */
    async messages(id: number, q: Queryable = db): Promise<SupportMessageRow[]> {
      return q.query<SupportMessageRow>(
        `SELECT id, coalesce(client_id, '') AS client_id, sender, body, auto, created_at
           FROM support_messages WHERE thread_id = $1 ORDER BY created_at, id`,
        [id],
      );
    },

    /** Stores a user's message; undefined when this client_id is already in the thread (a retried send). */
    async addUserMessage(q: Queryable, message: NewUserMessage): Promise<number | undefined> {
      const row = await q.one<{ id: number }>(
        `INSERT INTO support_messages (thread_id, client_id, sender, body, email, iccid, user_id)
         VALUES ($1, $2, 'user', $3, $4, $5, $6)
         ON CONFLICT (thread_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
         RETURNING id`,
        [message.threadId, message.clientId, message.body, message.email, message.iccid, message.userId],
      );
      return row?.id;
    },

    /** Adds support's automatic acknowledgement unless support already answered in the quiet period. */
    async acknowledge(q: Queryable, id: number, body: string): Promise<void> {
      await q.query(
        `INSERT INTO support_messages (thread_id, sender, auto, body)
         SELECT $1, 'agent', true, $2
          WHERE NOT EXISTS (
            SELECT 1 FROM support_messages
             WHERE thread_id = $1 AND sender = 'agent' AND created_at > now() - make_interval(hours => $3))`,
        [id, body, ACK_QUIET_HOURS],
      );
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
