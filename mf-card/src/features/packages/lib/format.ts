// Display helpers of the record cards (RecordCard, and /pkg's early view).
import { type PackageRecord } from 'shared-contracts';

/** The api writes 'Unlimited' (untranslated) as total_str of an unlimited package. */
export function isUnlimited(totalStr: string): boolean {
  return totalStr.trim().toLowerCase() === 'unlimited';
}

/** '5.2GB', '500 MB' → megabytes; null for anything else (the meter is then left out). */
export function amountInMb(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(MB|GB|TB)\s*$/i.exec(text);
  const [, amount, unit] = match ?? [];
  if (!amount || !unit) return null;
  const factor = { MB: 1, GB: 1024, TB: 1024 * 1024 }[unit.toUpperCase() as 'MB' | 'GB' | 'TB'];
  return Number(amount) * factor;
}

/** Share of the package used, 0–100, when both figures can be read; null otherwise. */
export function usedPercent(usedStr: string, totalStr: string): number | null {
  const used = amountInMb(usedStr);
  const total = amountInMb(totalStr);
  if (used === null || total === null || !(total > 0)) return null;
  return Math.min(100, Math.max(0, Math.round((used / total) * 100)));
}

/**
 * A record's data line: "used of total", unlimited (with what is used, if known), a pending package's total; '' when
 * the api sends no total. `say` writes a `packages.*` text of the page's language.
 */
export function recordData(
  record: Pick<PackageRecord, 'status_str' | 'total_str' | 'used_str'>,
  say: (key: 'usedUnlimited' | 'unlimited' | 'usedOf', vars?: Record<string, string>) => string,
): string {
  if (isUnlimited(record.total_str))
    return record.used_str ? say('usedUnlimited', { used: record.used_str }) : say('unlimited');
  if (!record.total_str) return '';
  return record.status_str === 'init'
    ? record.total_str
    : say('usedOf', { used: record.used_str || '0MB', total: record.total_str });
}
