// Display helpers of the record cards.

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
