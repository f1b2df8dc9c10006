import { isIPv4, isIPv6 } from 'node:net';
import { type Db } from '../db/index';
import { ApiError, ERROR_CODES } from '../http/errors';
import { type CallContext, type CallRoute } from '../http/calls';
import { countAndPeek, giveBack } from './rate-limit-store';

/**
 * The ICCID of an unbound card and the EID of an unbound slot are their only secret: whoever knows one sees the card
 * and may bind it. These limits make guessing them slow, per client IP and per account, on every call that takes one
 * from a visitor. A miss (no such card or slot) costs more: besides the count of every lookup, misses have a much
 * smaller allowance of their own, and once it is spent every lookup waits, a right guess included (a right guess
 * must not be told apart from a refusal: refusing only numbers we do not know would answer which ones we do).
 * Every lookup takes a miss from the allowance before it runs, in the same statement that counts it, and gives it
 * back once it found its card or slot: calls made at once cannot all run on one allowance. Counted in PostgreSQL
 * (rate_limits), so they hold across instances. A limit of 0 is off.
 */
export interface GuessingLimits {
  /** Lookups (ICCIDs and EIDs named) per client IP, and per account, in each window of `windowMs`. */
  perIp: number;
  perAccount: number;
  windowMs: number;
  /** Misses per client IP, and per account, in each window of `missWindowMs`. */
  missesPerIp: number;
  missesPerAccount: number;
  missWindowMs: number;
}

/** See api/README.md, Limits: a card page makes about seven such calls; people mistype an ICCID now and then. */
export const DEFAULT_GUESSING_LIMITS: GuessingLimits = {
  perIp: 600,
  perAccount: 600,
  windowMs: 60_000,
  missesPerIp: 30,
  missesPerAccount: 30,
  missWindowMs: 15 * 60_000,
};

/** The answers that tell a guesser "no such card or slot". */
const MISS_CODES: ReadonlySet<number> = new Set([ERROR_CODES.CARD_NOT_FOUND, ERROR_CODES.NOT_FOUND]);

/** How many ICCIDs and EIDs a call's body names: `iccid` and `eid` one each, `iccids` each of its entries. */
export function identifiersIn(body: unknown): number {
  if (typeof body !== 'object' || body === null) return 0;
  const { iccid, eid, iccids } = body as { iccid?: unknown; eid?: unknown; iccids?: unknown };
  let count = 0;
  if (typeof iccid === 'string' && iccid !== '') count += 1;
  if (typeof eid === 'string' && eid !== '') count += 1;
  if (Array.isArray(iccids)) count += new Set(iccids).size;
  return count;
}

/** The groups of an IPv6 address (without a zone), `::` expanded; an embedded IPv4 tail counts as two. */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail] = ip.split('::');
  const part = (text: string) => (text === '' ? [] : text.split(':'));
  const groups = (list: string[]) => list.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0);
  const left = part(head);
  if (tail === undefined) return left;
  const right = part(tail);
  return [...left, ...Array<string>(8 - groups(left) - groups(right)).fill('0'), ...right];
}

/**
 * Whose counter a client address fills: an IPv4 address itself, an IPv6 address by its /64 (one subscriber's
 * network hands out many addresses), an IPv4-mapped IPv6 address as the IPv4 address.
 */
export function clientBucket(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

interface Keys {
  lookups: { key: string; max: number }[];
  misses: { key: string; max: number }[];
}

function keysFor(limits: GuessingLimits, context: CallContext): Keys {
  const ip = clientBucket(context.request.ip);
  const user = context.user;
  const pick = (list: { key: string; max: number }[]) => list.filter((entry) => entry.max > 0);
  return {
    lookups: pick([
      { key: `guess:ip:${ip}`, max: limits.perIp },
      ...(user ? [{ key: `guess:user:${user.id}`, max: limits.perAccount }] : []),
    ]),
    misses: pick([
      { key: `guess-miss:ip:${ip}`, max: limits.missesPerIp },
      ...(user ? [{ key: `guess-miss:user:${user.id}`, max: limits.missesPerAccount }] : []),
    ]),
  };
}

/**
 * Wraps the calls whose body names an ICCID or EID: each lookup is counted and a miss per number reserved before the
 * call runs, in one statement (over a limit: 429/10007, the call does not run), and the reserved misses are given
 * back when the call did not miss. Past the change announcements (db.untracked: a counter is no data the card page
 * keeps). A store that cannot be reached refuses the call (503/10007): the limits fail closed.
 */
export function guessingGuard(db: Db, limits: GuessingLimits, nowMs: () => number): (route: CallRoute) => CallRoute {
  return (route) => ({
    ...route,
    async handler(body, context) {
      const named = identifiersIn(body);
      if (named === 0) return route.handler(body, context);
      const keys = keysFor(limits, context);
      const missKeys = keys.misses.map((entry) => entry.key);
      // The reserved misses, back to the allowance (a failure to give them back errs towards the limit).
      const reservedBack = () =>
        giveBack(db.untracked, missKeys, named, nowMs(), limits.missWindowMs).catch(() => undefined);
      if (keys.lookups.length > 0 || keys.misses.length > 0) {
        // A batch that fails tells about every ICCID before the unknown one: it costs one miss per ICCID named.
        const hits = await countAndPeek(db.untracked, {
          count: { keys: keys.lookups.map((entry) => entry.key), by: named, windowMs: limits.windowMs },
          peek: { keys: [], windowMs: limits.missWindowMs },
          reserve: { keys: missKeys, by: named, windowMs: limits.missWindowMs },
          nowMs: nowMs(),
        });
        // Spent before this call (what it reserved aside): every lookup waits for the window, known or not.
        if (keys.misses.some((entry) => (hits.get(entry.key) ?? 0) - named >= entry.max)) {
          throw new ApiError(ERROR_CODES.TOO_MANY_REQUESTS, undefined, 429);
        }
        if (keys.lookups.some((entry) => (hits.get(entry.key) ?? 0) > entry.max)) {
          await reservedBack();
          throw new ApiError(ERROR_CODES.TOO_MANY_REQUESTS, undefined, 429);
        }
      }
      let missed = false;
      try {
        return await route.handler(body, context);
      } catch (error) {
        missed = error instanceof ApiError && MISS_CODES.has(error.code);
        throw error;
      } finally {
        if (!missed) await reservedBack();
      }
    },
  });
}
