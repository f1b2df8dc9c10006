import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The api package folder; default data paths live under it whatever the working directory. */
export const API_ROOT = fileURLToPath(new URL('../', import.meta.url));

export const DEFAULT_MAIL_FROM = 'eSIM Shop <no-reply@esim-shop.localhost>';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

/**
 * Whether start-up loads the demo data into an empty database: SEED_DEMO=1 always, SEED_DEMO=0 never; unset,
 * everywhere but production (NODE_ENV=production). `pnpm start` shows the demo; a production start never creates
 * the demo accounts, whose passwords are public.
 */
export function seedDemoData(seedDemo: '0' | '1' | undefined, nodeEnv: string): boolean {
  if (seedDemo !== undefined) return seedDemo === '1';
  return nodeEnv !== 'production';
}

// ---- support chat ----
export const DEFAULT_SUPPORT_EMAIL = 'support@esim-shop.localhost';
const supportEnv = {
  // An external support chat (http or https only); unset: the built-in support chat, whose messages the api stores.
  SUPPORT_CHAT_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  // Where the api mails each new support message for the operators.
  SUPPORT_EMAIL: z.preprocess(emptyAsUndefined, z.email().default(DEFAULT_SUPPORT_EMAIL)),
};
const supportEnvSchema = z.object(supportEnv);
export type SupportConfig = z.infer<typeof supportEnvSchema>;

/**
 * The support settings alone, read where the calls are built (loadConfig has already stopped a bad value at
 * start-up); an invalid value here falls back to the defaults rather than breaking other calls.
 */
export function loadSupportConfig(env: NodeJS.ProcessEnv = process.env): SupportConfig {
  const parsed = supportEnvSchema.safeParse(env);
  return parsed.success ? parsed.data : { SUPPORT_CHAT_URL: undefined, SUPPORT_EMAIL: DEFAULT_SUPPORT_EMAIL };
}
// ---- end support chat ----

const envSchema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  PGLITE_DIR: z.preprocess(emptyAsUndefined, z.string().default(path.join(API_ROOT, '.data', 'pglite'))),
  MAIL_OUTBOX: z.preprocess(emptyAsUndefined, z.string().default(path.join(API_ROOT, '.data', 'outbox'))),
  SMTP_URL: optionalString,
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default(DEFAULT_MAIL_FROM)),
  SHELL_ORIGIN: z.preprocess(emptyAsUndefined, z.url().default('http://localhost:8080')),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 30),
  // The shell's dev host proxies /eshop/ to us from loopback; trust its X-Forwarded-For for rate limits.
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().default('loopback')),
  // Comma-separated browser origins allowed to call the api, or * for any (bearer tokens only, no cookies).
  CORS_ORIGINS: z.preprocess(emptyAsUndefined, z.string().default('*')),
  NODE_ENV: z.preprocess(emptyAsUndefined, z.string().default('development')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Demo data in an empty database at start-up: '1' always, '0' never, unset outside production only (seedDemo).
  SEED_DEMO: z.preprocess(emptyAsUndefined, z.enum(['0', '1']).optional()),
  // Account calls per client IP per minute, and per e-mail address per 15 minutes (brute force, mail bombing).
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  ADDRESS_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  ...supportEnv,
});

export type ApiConfig = z.infer<typeof envSchema> & {
  /** Start-up loads the demo data into an empty database (see seedDemoData). */
  seedDemo: boolean;
};

/** Reads and validates the environment once at start-up; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`invalid api configuration:\n${problems}`);
  }
  return { ...parsed.data, seedDemo: seedDemoData(parsed.data.SEED_DEMO, parsed.data.NODE_ENV) };
}
