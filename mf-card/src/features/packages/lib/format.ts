// Display helpers of the record cards (RecordCard). Figures are written in the page's language
// from the record's numbers (used_mb, total_mb, unlimited); an older api sends only the English texts, shown as sent.
import { dataText, type PackageRecord } from 'shared-contracts';

type RecordFigures = Pick<PackageRecord, 'total_str' | 'used_str' | 'used_mb' | 'total_mb' | 'unlimited'>;

/** The unlimited flag; an older api says so only by writing 'Unlimited' (untranslated) as total_str. */
export function isUnlimited(record: Pick<PackageRecord, 'total_str' | 'unlimited'>): boolean {
  return record.unlimited ?? record.total_str.trim().toLowerCase() === 'unlimited';
}

/** '5.2GB', '500 MB' → megabytes; null for anything else (the meter is then left out). */
export function amountInMb(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(MB|GB|TB)\s*$/i.exec(text);
  const [, amount, unit] = match ?? [];
  if (!amount || !unit) return null;
  const factor = { MB: 1, GB: 1024, TB: 1024 * 1024 }[unit.toUpperCase() as 'MB' | 'GB' | 'TB'];
  return Number(amount) * factor;
}

/** Share of the package used, 0–100, when both figures are known (numbers, else read from the texts); null otherwise. */
export function usedPercent(record: RecordFigures): number | null {
  const used = record.used_mb ?? amountInMb(record.used_str);
  const total = record.total_mb !== undefined ? record.total_mb : amountInMb(record.total_str);
  if (used === null || total === null || !(total > 0)) return null;
  return Math.min(100, Math.max(0, Math.round((used / total) * 100)));
}

/**
 * A record's data line: "used of total", unlimited (with what is used, if known), a pending package's total; '' when
 * the api sends no total. `say` writes a `packages.*` text of the page's language, `lang` the figures.
 */
export function recordData(
  record: Pick<PackageRecord, 'status_str'> & RecordFigures,
  say: (key: 'usedUnlimited' | 'unlimited' | 'usedOf', vars?: Record<string, string>) => string,
  lang: string,
): string {
  const used = dataText(record.used_mb, record.used_str, lang);
  if (isUnlimited(record)) return used ? say('usedUnlimited', { used }) : say('unlimited');
  // total_mb null: the package has no data figure (nor does total_str).
  const total = record.total_mb === null ? '' : dataText(record.total_mb, record.total_str, lang);
  if (!total) return '';
  return record.status_str === 'init' ? total : say('usedOf', { used: used || dataText(0, '', lang), total });
}
