// The data-left thresholds of the alerts panel: chips for the usual percentages, at most MAX_THRESHOLDS chosen.

/** The api takes at most three thresholds (shared-contracts' AlertThresholds). */
export const MAX_THRESHOLDS = 3;

/** The chips offered; a threshold the card already has (set elsewhere) gets its own chip, so saving never drops it. */
export const PRESET_THRESHOLDS: ReadonlyArray<number> = [50, 20, 10, 5];

/** Highest first, as the api sends and stores them. */
const highestFirst = (values: Iterable<number>): number[] => [...new Set(values)].sort((a, b) => b - a);

/** The chips to show: the presets and whatever the card has, highest first. */
export function thresholdOptions(current: ReadonlyArray<number>): number[] {
  return highestFirst([...PRESET_THRESHOLDS, ...current]);
}

/** `chosen` with `value` switched on or off; unchanged when it would go past MAX_THRESHOLDS. */
export function toggleThreshold(chosen: ReadonlyArray<number>, value: number): number[] {
  if (chosen.includes(value)) return chosen.filter((item) => item !== value);
  if (chosen.length >= MAX_THRESHOLDS) return [...chosen];
  return highestFirst([...chosen, value]);
}

/** A percentage as the reader's language writes it (50 → "50%", "%50", "٥٠٪"). */
export function formatPercent(value: number, lang: string): string {
  try {
    return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
  } catch {
    return `${value}%`;
  }
}
