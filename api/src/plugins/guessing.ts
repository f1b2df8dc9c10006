import { isIPv4, isIPv6 } from 'node:net';
import { type Db } from '../db/index';
import { ApiError, ERROR_CODES } from '../http/errors';
import { type CallContext, type CallRoute } from '../http/calls';
import { blockOf, LeasedCounters, type Allowance } from './leased-counters';

/**
 * The ICCID of an unbound card and the EID of an unbound slot are their only secret: whoever knows one sees the card
 * and may bind it. These limits make guessing them slow, per client IP and per account, on every call that takes one
 * from a visitor. A miss (no such card or slot) costs more: besides the count of every lookup, misses have a much
 * smaller allowance of their own, and once it is spent every lookup waits, a right guess included (a right guess
 * must not be told apart from a refusal: refusing only numbers we do not know would answer which ones we do).
 * Every lookup takes a miss from the allowance before it runs, and gives it back once it found its card or slot: calls made at once cannot all run on one allowance. Counted in PostgreSQL
 * (rate_limits), so they hold across instances, in blocks each instance claims and hands out from memory. A limit
 * of 0 is off.
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
  if (isIPv4(ip)) return ip;
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
  lookups: Allowance[];
  misses: Allowance[];
}

/** The allowance of `key` (`max` 0: off, none). */
function allowance(list: Allowance[], key: string, max: number, windowMs: number, share: number, cap: number) {
  if (max > 0) list.push({ key, max, windowMs, block: blockOf(max, share, cap) });
}

function keysFor(limits: GuessingLimits, ip: string, userId: number | undefined): Keys {
  // Lookups are spent as they come: blocks of a tenth of the limit. Misses are mostly put back (a found card): a
  // fifth, so a card page's calls at once run from memory and a few instances still share a small allowance.
  const lookups: Allowance[] = [];
  const misses: Allowance[] = [];
  allowance(lookups, `guess:ip:${ip}`, limits.perIp, limits.windowMs, 0.1, 1000);
  allowance(misses, `guess-miss:ip:${ip}`, limits.missesPerIp, limits.missWindowMs, 0.2, 100);
  if (userId !== undefined) {
    allowance(lookups, `guess:user:${userId}`, limits.perAccount, limits.windowMs, 0.1, 1000);
    allowance(misses, `guess-miss:user:${userId}`, limits.missesPerAccount, limits.missWindowMs, 0.2, 100);
  }
  return { lookups, misses };
}

/** The keys of the recent clients, as long as the limits stay the same (tests change them in place). */
function keysCache(limits: GuessingLimits) {
  const cache = new Map<string, Keys>();
  let seen = { ...limits };
  const same = () =>
    seen.perIp === limits.perIp &&
    seen.perAccount === limits.perAccount &&
    seen.windowMs === limits.windowMs &&
    seen.missesPerIp === limits.missesPerIp &&
    seen.missesPerAccount === limits.missesPerAccount &&
    seen.missWindowMs === limits.missWindowMs;
  return (context: CallContext): Keys => {
    if (!same() || cache.size >= 10_000) {
      cache.clear();
      seen = { ...limits };
    }
    const ip = clientBucket(context.request.ip);
    const userId = context.user?.id;
    const id = userId === undefined ? ip : `${ip} ${userId}`;
    let keys = cache.get(id);
    if (!keys) {
      keys = keysFor(limits, ip, userId);
      cache.set(id, keys);
    }
    return keys;
  };
}

export interface GuessingGuard {
  (route: CallRoute): CallRoute;
  /** Gives the allowances this instance holds back to the shared counters (at close). */
  close(): Promise<void>;
}

/**
 * Wraps the calls whose body names an ICCID or EID: before the call runs, one miss per number is reserved and each
 * lookup counted (over a limit: 429/10007, the call does not run); the reserved misses are put back when the call
 * did not miss. The allowances are shared by every instance through PostgreSQL (rate_limits) and taken in blocks
 * (leased-counters.ts), so a client's lookups do not all write one row; past the change announcements
 * (db.untracked: a counter is no data the card page keeps). A store that cannot be reached refuses the call
 * (503/10007): the limits fail closed.
 */
export function guessingGuard(db: Db, limits: GuessingLimits, nowMs: () => number): GuessingGuard {
  const counters = new LeasedCounters(db.untracked, nowMs);
  const keysOf = keysCache(limits);
  const guard = (route: CallRoute): CallRoute => ({
    ...route,
    async handler(body, context) {
      const named = identifiersIn(body);
      if (named === 0) return route.handler(body, context);
      const keys = keysOf(context);
      // A batch that fails tells about every ICCID before the unknown one: it reserves one miss per ICCID named.
      // Spent (by misses, or by as many lookups at once): every lookup waits for the window, known or not.
      if (!(await counters.take(keys.misses, named))) {
        throw new ApiError(ERROR_CODES.TOO_MANY_REQUESTS, undefined, 429);
      }
      const putBack = () => {
        for (const miss of keys.misses) counters.put(miss.key, named);
      };
      let lookups = false;
      try {
        lookups = await counters.take(keys.lookups, named);
      } finally {
        if (!lookups) putBack();
      }
      if (!lookups) throw new ApiError(ERROR_CODES.TOO_MANY_REQUESTS, undefined, 429);
      let missed = false;
      try {
        return await route.handler(body, context);
      } catch (error) {
        missed = error instanceof ApiError && MISS_CODES.has(error.code);
        throw error;
      } finally {
        if (!missed) putBack();
      }
    },
  });
  return Object.assign(guard, { close: () => counters.close() });
}
