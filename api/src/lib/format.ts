const MB = 1024 * 1024;
const GB = 1024 * MB;

/** Bytes to MB with two decimals (the gauges compute (total - used) / total from these). */
export function bytesToMb(bytes: number): number {
  return Math.round((bytes / MB) * 100) / 100;
}

/** '500MB', '1.5GB', '20GB': GB from 1 GB up, trailing zeros dropped. */
export function formatBytes(bytes: number): string {
  const mb = Number((bytes / MB).toFixed(bytes < 10 * MB && bytes % MB !== 0 ? 1 : 0));
  // Just under a gigabyte rounds to 1024MB: say 1GB.
  if (bytes >= GB || mb >= 1024) return `${Number((bytes / GB).toFixed(2))}GB`;
  return `${mb}MB`;
}

/** YYYY-MM-DD in UTC from epoch seconds; '' when there is no expiry. */
export function formatDate(epochSeconds: number | null | undefined): string {
  if (epochSeconds === null || epochSeconds === undefined) return '';
  return new Date(epochSeconds * 1000).toISOString().slice(0, 10);
}

/** Whole days left until the expiry (0 once past or when there is none). */
export function daysLeft(epochSeconds: number | null | undefined, now: number = Date.now()): number {
  if (epochSeconds === null || epochSeconds === undefined) return 0;
  return Math.max(0, Math.ceil((epochSeconds * 1000 - now) / 86_400_000));
}

/** Days before the expiry from which the card says 'expire in N days' (spec: the warn text). */
export const EXPIRY_WARN_DAYS = 3;

/** The expiry warning of a card whose end is near: '2 days', '1 day'; '' when it is further away or past. */
export function expiryWarn(epochSeconds: number | null | undefined, now: number = Date.now()): string {
  if (epochSeconds === null || epochSeconds === undefined || epochSeconds * 1000 <= now) return '';
  const days = daysLeft(epochSeconds, now);
  if (days > EXPIRY_WARN_DAYS) return '';
  return days === 1 ? '1 day' : `${days} days`;
}

export function toEpochSeconds(value: Date | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isFinite(time) ? Math.floor(time / 1000) : null;
}

const symbols = new Map<string, string>();

/** '$', '€', '¥', '£' ... as an en-US reader sees it; the code itself when Intl does not know the currency. */
export function currencySymbol(currency: string): string {
  let symbol = symbols.get(currency);
  if (symbol === undefined) {
    try {
      symbol =
        new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
          .formatToParts(0)
          .find((part) => part.type === 'currency')?.value ?? currency;
    } catch {
      symbol = currency;
    }
    symbols.set(currency, symbol);
  }
  return symbol;
}
