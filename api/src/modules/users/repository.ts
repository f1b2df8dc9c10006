import { type Queryable } from '../../db/index';
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

export type SessionLookup =
  | { state: 'valid'; user: SessionUser }
  | { state: 'expired' }
  | { state: 'revoked'; reason: 'logout' | 'all' }
  | { state: 'unknown' };

const CODE_TTL_MINUTES = 15;
const CODE_MAX_ATTEMPTS = 5;

export function normalizeEmail(email: string): string {
  return email.replace(/\s+/g, '').toLowerCase();
}

export function createUserRepository(db: Queryable, options: { sessionTtlHours: number }) {
  return {
    async findByEmail(email: string): Promise<(UserRow & { password_hash: string | null }) | undefined> {
      return db.one<UserRow & { password_hash: string | null }>(
        `SELECT id, email, area, ccy, password_hash FROM users WHERE email = $1`,
        [normalizeEmail(email)],
      );
    },

    async findById(id: number): Promise<UserRow | undefined> {
      return db.one<UserRow>(`SELECT id, email, area, ccy FROM users WHERE id = $1`, [id]);
    },

    /** Creates the account with an argon2id hash; undefined when the e-mail is taken. */
    async create(email: string, password: string): Promise<UserRow | undefined> {
      const passwordHash = await hashPassword(password);
      return db.one(
        `INSERT INTO users (email, password_hash, email_verified_at) VALUES ($1, $2, now())
         ON CONFLICT (email) DO NOTHING RETURNING id, email, area, ccy`,
        [normalizeEmail(email), passwordHash],
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

    async setPassword(userId: number, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      await db.query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, [userId, passwordHash]);
    },

    /** The user when the password matches; a missing user still costs one hash so timing does not tell. */
    async checkPassword(email: string, password: string): Promise<UserRow | 'no_user' | 'wrong_password'> {
      const user = await this.findByEmail(email);
      if (!user) {
        await hashPassword(password);
        return 'no_user';
      }
      if (!user.password_hash || !(await verifyPassword(user.password_hash, password))) return 'wrong_password';
      return { id: user.id, email: user.email, area: user.area, ccy: user.ccy };
    },

    /** Issues an opaque bearer token; only its SHA-256 is stored. */
    async openSession(userId: number, userAgent?: string): Promise<{ token: string; expiresAt: Date }> {
      const token = newToken();
      const row = await db.one<{ expires_at: Date }>(
        `INSERT INTO sessions (user_id, token_hash, expires_at, user_agent)
         VALUES ($1, $2, now() + make_interval(secs => $3), $4) RETURNING expires_at`,
        [userId, sha256Hex(token), options.sessionTtlHours * 3600, userAgent?.slice(0, 256) ?? null],
      );
      return { token, expiresAt: row?.expires_at ?? new Date() };
    },

    async lookupSession(token: string): Promise<SessionLookup> {
      const row = await db.one<
        UserRow & { session_id: number; expired: boolean; revoked: boolean; revoked_reason: 'logout' | 'all' | null }
      >(
        `SELECT s.id AS session_id, (s.expires_at <= now()) AS expired, (s.revoked_at IS NOT NULL) AS revoked,
                s.revoked_reason,
                u.id, u.email, u.area, u.ccy
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.token_hash = $1`,
        [sha256Hex(token)],
      );
      if (!row) return { state: 'unknown' };
      if (row.revoked) return { state: 'revoked', reason: row.revoked_reason ?? 'logout' };
      if (row.expired) return { state: 'expired' };
      await db.query(`UPDATE sessions SET last_used_at = now() WHERE id = $1`, [row.session_id]);
      return {
        state: 'valid',
        user: { id: row.id, email: row.email, area: row.area, ccy: row.ccy, sessionId: row.session_id },
      };
    },

    async revokeSession(sessionId: number): Promise<void> {
      await db.query(
        `UPDATE sessions SET revoked_at = now(), revoked_reason = 'logout' WHERE id = $1 AND revoked_at IS NULL`,
        [sessionId],
      );
    },

    async revokeAllSessions(userId: number): Promise<void> {
      await db.query(
        `UPDATE sessions SET revoked_at = now(), revoked_reason = 'all' WHERE user_id = $1 AND revoked_at IS NULL`,
        [userId],
      );
    },

    /** A fresh six-digit code for the e-mail; earlier unused codes of the same purpose stop working. */
    async issueCode(email: string, purpose: CodePurpose): Promise<string> {
      const code = newCode();
      const address = normalizeEmail(email);
      await db.query(
        `UPDATE verification_codes SET consumed_at = now() WHERE email = $1 AND purpose = $2 AND consumed_at IS NULL`,
        [address, purpose],
      );
      await db.query(
        `INSERT INTO verification_codes (email, purpose, code_hash, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
        [address, purpose, sha256Hex(`${address}:${code}`), CODE_TTL_MINUTES],
      );
      return code;
    },

    /** Checks (and with consume, uses up) the latest code; a few wrong tries burn it. */
    async checkCode(email: string, purpose: CodePurpose, code: string, consume: boolean): Promise<boolean> {
      const address = normalizeEmail(email);
      const row = await db.one<{ id: number; code_hash: string; attempts: number }>(
        `SELECT id, code_hash, attempts FROM verification_codes
          WHERE email = $1 AND purpose = $2 AND consumed_at IS NULL AND expires_at > now()
          ORDER BY created_at DESC, id DESC LIMIT 1`,
        [address, purpose],
      );
      if (!row || row.attempts >= CODE_MAX_ATTEMPTS) return false;
      if (!sameHash(row.code_hash, sha256Hex(`${address}:${code}`))) {
        await db.query(`UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1`, [row.id]);
        return false;
      }
      if (!consume) return true;
      // Conditional update: of two requests racing with the same code, only one gets it.
      const used = await db.one(
        `UPDATE verification_codes SET consumed_at = now() WHERE id = $1 AND consumed_at IS NULL RETURNING id`,
        [row.id],
      );
      return used !== undefined;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
