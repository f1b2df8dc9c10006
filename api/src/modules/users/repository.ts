import { type Db, type Queryable } from '../../db/index';
import { createRowCache } from '../../db/row-cache';
import { hashPassword, newCode, newToken, sameHash, sha256Hex, verifyPassword } from '../../lib/secrets';

export interface UserRow {
  id: number;
  email: string;
  area: string;
  ccy: string | null;
}

export interface SessionUser extends UserRow {
  sessionId: number;
}

export type CodePurpose = 'signup' | 'reset' | 'email_update' | 'card_email';

/** A session row with its user's, as stored (UserRepository.readSession). */
export interface StoredSession extends UserRow {
  session_id: number;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: 'logout' | 'all' | null;
  last_used_at: Date | null;
}

export type SessionLookup =
  | { state: 'valid'; user: SessionUser }
  | { state: 'expired' }
  | { state: 'revoked'; reason: 'logout' | 'all' }
  | { state: 'unknown' };

/** A verification code works for 10 minutes, once; five wrong tries kill it; a new one every 60 s at most. */
export const CODE_TTL_MS = 10 * 60_000;
/** A session's last_used_at is written at most this often. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60_000;
export const CODE_MAX_WRONG_TRIES = 5;
export const CODE_RESEND_COOLDOWN_MS = 60_000;

/** The time the repository goes by; tests move it instead of sleeping. */
export type Clock = () => Date;

export interface UserRepositoryOptions {
  sessionTtlHours: number;
  clock?: Clock;
}

export type IssuedCode = { issued: true; code: string } | { issued: false; reason: 'cooldown' };

export function normalizeEmail(email: string): string {
  return email.replace(/\s+/g, '').toLowerCase();
}

function codeHash(address: string, code: string): string {
  return sha256Hex(`${address}:${code}`);
}

// The hash of nobody's password, with the parameters of every stored one: a login for an unknown address (or an
// account without a password) verifies against it, so it takes as long as a wrong password (issue 23).
let decoy: Promise<string> | undefined;
function decoyHash(): Promise<string> {
  decoy ??= hashPassword(newToken()).catch((error: unknown) => {
    decoy = undefined;
    throw error;
  });
  return decoy;
}

/** The calls of one connection: the pool, or a transaction's connection (see createUserRepository). */
function userQueries(db: Queryable, options: UserRepositoryOptions) {
  const clock = options.clock ?? (() => new Date());

  async function findByEmail(email: string): Promise<(UserRow & { password_hash: string | null }) | undefined> {
    return db.one<UserRow & { password_hash: string | null }>(
      `SELECT id, email, area, ccy, password_hash FROM users WHERE email = $1`,
      [normalizeEmail(email)],
    );
  }

  /** A receipt's session with its user, as stored: lookupSession says what it means at the clock's time. */
  async function readSession(tokenHash: string): Promise<StoredSession | undefined> {
    return db.one<StoredSession>(
      `SELECT s.id AS session_id, s.expires_at, s.revoked_at, s.revoked_reason, s.last_used_at,
              u.id, u.email, u.area, u.ccy
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1`,
      [tokenHash],
    );
  }

  return {
    findByEmail,

    async findById(id: number): Promise<UserRow | undefined> {
      return db.one<UserRow>(`SELECT id, email, area, ccy FROM users WHERE id = $1`, [id]);
    },

    /** Creates the account with an argon2id hash; undefined when the e-mail is taken. */
    async create(email: string, password: string): Promise<UserRow | undefined> {
      const passwordHash = await hashPassword(password);
      return db.one(
        `INSERT INTO users (email, password_hash, email_verified_at) VALUES ($1, $2, $3)
         ON CONFLICT (email) DO NOTHING RETURNING id, email, area, ccy`,
        [normalizeEmail(email), passwordHash, clock()],
      );
    },

    async updateSettings(userId: number, settings: { area: string; ccy: string }): Promise<UserRow | undefined> {
      return db.one<UserRow>(
        `UPDATE users SET area = $2, ccy = $3, updated_at = now() WHERE id = $1 RETURNING id, email, area, ccy`,
        [userId, settings.area, settings.ccy],
      );
    },

    /** undefined when another account already uses the address. */
    async updateEmail(userId: number, email: string): Promise<UserRow | undefined> {
      return db.one<UserRow>(
        `UPDATE users SET email = $2, updated_at = now()
          WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users other WHERE other.email = $2 AND other.id <> $1)
          RETURNING id, email, area, ccy`,
        [userId, normalizeEmail(email)],
      );
    },

    /** Stores an argon2id hash made beforehand (hashPassword), so a transaction never waits for the hashing. */
    async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
      await db.query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, [userId, passwordHash]);
    },

    /**
     * The user (with the hash the password matched) when the password matches. Every path runs one argon2
     * verification (a missing user or password against the decoy hash), so timing does not tell them apart.
     */
    async checkPassword(
      email: string,
      password: string,
    ): Promise<(UserRow & { passwordHash: string }) | 'no_user' | 'wrong_password'> {
      const user = await findByEmail(email);
      const stored = user?.password_hash ?? null;
      const matches = await verifyPassword(stored ?? (await decoyHash()), password);
      if (!user) return 'no_user';
      if (!stored || !matches) return 'wrong_password';
      return { id: user.id, email: user.email, area: user.area, ccy: user.ccy, passwordHash: stored };
    },

    /**
     * Issues an opaque bearer token; only its SHA-256 is stored. With ifPasswordHash, only while the account still
     * has that password: a login that checked the old password never outlives a reset that happened meanwhile.
     */
    async openSession(
      userId: number,
      userAgent?: string,
      ifPasswordHash?: string,
    ): Promise<{ token: string; expiresAt: Date } | undefined> {
      const token = newToken();
      const now = clock();
      const row = await db.one<{ expires_at: Date }>(
        `INSERT INTO sessions (user_id, token_hash, created_at, expires_at, user_agent)
         SELECT u.id, $2, $3, $3::timestamptz + make_interval(secs => $4), $5 FROM users u
          WHERE u.id = $1 AND ($6::text IS NULL OR u.password_hash = $6)
         RETURNING expires_at`,
        [
          userId,
          sha256Hex(token),
          now,
          options.sessionTtlHours * 3600,
          userAgent?.slice(0, 256) ?? null,
          ifPasswordHash ?? null,
        ],
      );
      return row ? { token, expiresAt: row.expires_at } : undefined;
    },

    readSession,

    /** `read`: where the stored session comes from (createUserRepository's memory of them; default the database). */
    async lookupSession(
      token: string,
      read: (tokenHash: string) => Promise<StoredSession | undefined> = readSession,
    ): Promise<SessionLookup> {
      const now = clock();
      const row = await read(sha256Hex(token));
      if (!row) return { state: 'unknown' };
      if (row.revoked_at !== null) return { state: 'revoked', reason: row.revoked_reason ?? 'logout' };
      if (row.expires_at.getTime() <= now.getTime()) return { state: 'expired' };
      // When the receipt was last used, to the nearest few minutes: a write on every call would double the
      // database round trips of every logged-in call (bench:api).
      if (row.last_used_at === null || row.last_used_at.getTime() < now.getTime() - SESSION_TOUCH_INTERVAL_MS) {
        await db.query(`UPDATE sessions SET last_used_at = $2 WHERE id = $1`, [row.session_id, now]);
      }
      return {
        state: 'valid',
        user: { id: row.id, email: row.email, area: row.area, ccy: row.ccy, sessionId: row.session_id },
      };
    },

    async revokeSession(sessionId: number): Promise<void> {
      await db.query(
        `UPDATE sessions SET revoked_at = $2, revoked_reason = 'logout' WHERE id = $1 AND revoked_at IS NULL`,
        [sessionId, clock()],
      );
    },

    /** Signs the user out everywhere (old receipts then end with 10021); the count of receipts ended. */
    async revokeAllSessions(userId: number): Promise<number> {
      const rows = await db.query(
        `UPDATE sessions SET revoked_at = $2, revoked_reason = 'all'
          WHERE user_id = $1 AND revoked_at IS NULL RETURNING id`,
        [userId, clock()],
      );
      return rows.length;
    },

    /**
     * A fresh six-digit code for the address (and, for an e-mail change, the account asking); earlier unused codes
     * of the same kind stop working. Refused within CODE_RESEND_COOLDOWN_MS of the previous one. Call it inside a
     * transaction (createUserRepository does): the lock makes two racing requests issue one code. `dead`: the same
     * statements for a code born used up, which nothing accepts: getCode's notice branch does this work too, so an
     * address with or without an account takes the same time (issue 23).
     */
    async issueCode(
      email: string,
      purpose: CodePurpose,
      userId: number | null = null,
      options: { dead?: boolean } = {},
    ): Promise<IssuedCode> {
      const address = normalizeEmail(email);
      const now = clock();
      await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`code:${purpose}:${userId ?? ''}:${address}`]);
      const recent = await db.one(
        `SELECT 1 AS recent FROM verification_codes
          WHERE email = $1 AND purpose = $2 AND user_id IS NOT DISTINCT FROM $3
            AND created_at > $4::timestamptz - make_interval(secs => $5)
          LIMIT 1`,
        [address, purpose, userId, now, CODE_RESEND_COOLDOWN_MS / 1000],
      );
      if (recent) return { issued: false, reason: 'cooldown' };
      const code = newCode();
      await db.query(
        `UPDATE verification_codes SET consumed_at = $4
          WHERE email = $1 AND purpose = $2 AND user_id IS NOT DISTINCT FROM $3 AND consumed_at IS NULL`,
        [address, purpose, userId, now],
      );
      await db.query(
        `INSERT INTO verification_codes (email, purpose, user_id, code_hash, created_at, expires_at, consumed_at)
         VALUES ($1, $2, $3, $4, $5, $5::timestamptz + make_interval(secs => $6), CASE WHEN $7 THEN $5 END)`,
        [address, purpose, userId, codeHash(address, code), now, CODE_TTL_MS / 1000, options.dead === true],
      );
      return { issued: true, code };
    },

    /**
     * Checks (and with consume, uses up) the latest live code of the address (and account, for an e-mail change).
     * Every try first takes one of the code's CODE_MAX_WRONG_TRIES in one conditional update, so parallel guesses
     * cannot get past the limit; a right code gives its try back. A dead, used or expired code is simply wrong.
     */
    async checkCode(
      email: string,
      purpose: CodePurpose,
      code: string,
      consume: boolean,
      userId: number | null = null,
    ): Promise<boolean> {
      const address = normalizeEmail(email);
      const now = clock();
      const row = await db.one<{ id: number; code_hash: string }>(
        `UPDATE verification_codes SET attempts = attempts + 1
          WHERE id = (SELECT id FROM verification_codes
                       WHERE email = $1 AND purpose = $2 AND user_id IS NOT DISTINCT FROM $3
                         AND consumed_at IS NULL AND expires_at > $4
                       ORDER BY created_at DESC, id DESC LIMIT 1)
            AND attempts < $5 AND consumed_at IS NULL
          RETURNING id, code_hash`,
        [address, purpose, userId, now, CODE_MAX_WRONG_TRIES],
      );
      if (!row || !sameHash(row.code_hash, codeHash(address, code))) return false;
      // Conditional update: of two requests racing with the same code, only one gets it.
      const kept = await db.one(
        consume
          ? `UPDATE verification_codes SET attempts = attempts - 1, consumed_at = $2
              WHERE id = $1 AND consumed_at IS NULL RETURNING id`
          : `UPDATE verification_codes SET attempts = attempts - 1 WHERE id = $1 AND consumed_at IS NULL RETURNING id`,
        consume ? [row.id, now] : [row.id],
      );
      return kept !== undefined;
    },
  };
}

export type UserQueries = ReturnType<typeof userQueries>;

export type ResetResult = { user: UserRow; token: string; expiresAt: Date } | 'no_user' | 'wrong_code';

export function createUserRepository(db: Db, options: UserRepositoryOptions) {
  // Made before the first login needs it, so that login is not the one slower answer.
  decoyHash().catch(() => undefined);
  const queries = userQueries(db, options);
  const inTransaction = <T>(fn: (tx: UserQueries) => Promise<T>): Promise<T> =>
    db.tx((q) => fn(userQueries(q, options)));

  // Lookups of one receipt under way at once (a page's calls start together: the card list's four) share one read:
  // each caller gets the answer it would have had a moment apart, and its own copy of the user.
  const sessionReads = new Map<string, Promise<SessionLookup>>();
  // The stored sessions, by token hash, kept until the data changes (db/row-cache: an ended session, a user's new
  // e-mail or currency, from this process or, on PostgreSQL, another: migration 021) and never past their expiry.
  const clock = options.clock ?? (() => new Date());
  const storedSessions = createRowCache<StoredSession>(db, {
    now: () => clock().getTime(),
    keepUntil: (row) => row.expires_at.getTime(),
  });
  const readStoredSession = (hash: string) => storedSessions.get(hash, () => queries.readSession(hash));

  return {
    ...queries,

    lookupSession(token: string): Promise<SessionLookup> {
      let read = sessionReads.get(token);
      if (!read) {
        read = queries.lookupSession(token, readStoredSession).finally(() => sessionReads.delete(token));
        sessionReads.set(token, read);
      }
      return read.then((found) => (found.state === 'valid' ? { ...found, user: { ...found.user } } : found));
    },

    issueCode(
      email: string,
      purpose: CodePurpose,
      userId: number | null = null,
      options: { dead?: boolean } = {},
    ): Promise<IssuedCode> {
      return inTransaction((tx) => tx.issueCode(email, purpose, userId, options));
    },

    /**
     * A new password with a reset code, all or nothing: the code is used up, every receipt of the account ends
     * (10021) and one new receipt is opened for the caller.
     */
    async resetPassword(email: string, code: string, password: string, userAgent?: string): Promise<ResetResult> {
      const passwordHash = await hashPassword(password);
      return inTransaction(async (tx) => {
        const user = await tx.findByEmail(email);
        if (!user) return 'no_user';
        if (!(await tx.checkCode(email, 'reset', code, true))) return 'wrong_code';
        await tx.setPasswordHash(user.id, passwordHash);
        await tx.revokeAllSessions(user.id);
        const session = await tx.openSession(user.id, userAgent);
        if (!session) throw new Error('reset: the session of a user just updated could not be opened');
        return {
          user: { id: user.id, email: user.email, area: user.area, ccy: user.ccy },
          token: session.token,
          expiresAt: session.expiresAt,
        };
      });
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
