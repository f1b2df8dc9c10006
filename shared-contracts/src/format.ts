import { POOL_DAY_BASED_KINDS } from './constants';
import { formatMaker, formatOnce } from './formatted';

// Figures in the reader's language. The api sends data amounts (MB) and day counts as numbers beside its older
// English texts ('5.2GB', '2 days'); the screens write the numbers with Intl for the page's language ('5,2 GB' and
// '2 Tage' in German) and fall back to the texts only when a number is missing (an api that predates it).

/** The api's MB are binary (1 GB = 1024 MB), as are its _str texts. */
const MB_PER_GB = 1024;

/** One Intl.NumberFormat per language and options (formatMaker). */
const numberFormat = formatMaker(
  (lang: string, options: Intl.NumberFormatOptions) => `${lang}|${JSON.stringify(options)}`,
  (lang: string, options: Intl.NumberFormatOptions): Intl.NumberFormat | null => {
    try {
      return new Intl.NumberFormat(lang, options);
    } catch {
      // A malformed language tag, or a browser without unit formatting: the caller writes a plain fallback.
      try {
        return new Intl.NumberFormat('en', options);
      } catch {
        return null;
      }
    }
  },
);

/** A count (days left, lines) in the language's digits and grouping: 1234 → '1.234' in German. */
export function formatCount(value: number, lang = 'en'): string {
  const n = Number.isFinite(value) ? value : 0;
  return formatOnce(
    `count|${lang}|${n}`,
    () => numberFormat(lang, { maximumFractionDigits: 0 })?.format(n) ?? String(Math.round(n)),
  );
}

/**
 * A data amount given in MB, as the language writes it: MB below a gigabyte (one decimal under 10 MB), GB from there
 * (two decimals under 10 GB, one under 100 GB, none above). formatData(5324.8, 'de') → '5,2 GB',
 * formatData(500, 'en') → '500 MB', formatData(0, 'en') → '0 MB'. Negative or non-finite amounts count as 0.
 */
export function formatData(mb: number, lang = 'en'): string {
  const value = Number.isFinite(mb) && mb > 0 ? mb : 0;
  return formatOnce(`data|${lang}|${value}`, () => writeData(value, lang));
}

function writeData(value: number, lang: string): string {
  // Just under a gigabyte would round to 1,024 MB: say 1 GB.
  if (value >= MB_PER_GB - 0.5) {
    const gb = value / MB_PER_GB;
    const digits = gb < 10 ? 2 : gb < 100 ? 1 : 0;
    const format = numberFormat(lang, { style: 'unit', unit: 'gigabyte', maximumFractionDigits: digits });
    return format?.format(gb) ?? `${Number(gb.toFixed(digits))} GB`;
  }
  const digits = value < 10 ? 1 : 0;
  const format = numberFormat(lang, { style: 'unit', unit: 'megabyte', maximumFractionDigits: digits });
  return format?.format(value) ?? `${Number(value.toFixed(digits))} MB`;
}

/**
 * A number of days with the language's plural rules and word: formatDays(2, 'de') → '2 Tage', formatDays(1, 'en') →
 * '1 day', formatDays(2, 'ar') → 'يومان'. Negative or non-finite counts count as 0.
 */
export function formatDays(days: number, lang = 'en'): string {
  const n = Number.isFinite(days) && days > 0 ? Math.round(days) : 0;
  return formatOnce(`days|${lang}|${n}`, () => {
    const format = numberFormat(lang, { style: 'unit', unit: 'day', unitDisplay: 'long' });
    return format?.format(n) ?? (n === 1 ? '1 day' : `${n} days`);
  });
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A data amount from the api: its MB figure in the language, or the api's text when the figure is missing. */
export function dataText(mb: number | null | undefined, fallback: string, lang = 'en'): string {
  return isNumber(mb) ? formatData(mb, lang) : fallback;
}

/** A day count from the api: the count in the language, or the api's text when the count is missing. */
export function daysText(days: number | null | undefined, fallback: string, lang = 'en'): string {
  return isNumber(days) ? formatDays(days, lang) : fallback;
}

/**
 * The expiry line of a card, pool or eSIM (spec: 'expire in' + warn when there is a warning, else the date), with
 * the warning's day count in the language. An operator's own warning text (no warn_days) is shown as written.
 */
/** One day format per language (formatMaker); null where the language tag is malformed. */
const dayFormat = formatMaker(
  (lang: string) => lang,
  (lang: string): Intl.DateTimeFormat | null => {
    try {
      return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
    } catch {
      return null;
    }
  },
);

/** A day the api sends as 'YYYY-MM-DD' (UTC) as the reader's language writes it ('19.12.2026'); else as sent. */
export function formatDay(day: string, lang = 'en'): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return formatOnce(`day|${lang}|${day}`, () => writeDay(date, day, lang));
}

function writeDay(date: Date, day: string, lang: string): string {
  return dayFormat(lang)?.format(date) ?? day;
}

export function expiryInLanguage(
  item: { warn?: string | null; warn_days?: number | null; expire_date: string },
  lang = 'en',
): { warn: boolean; text: string } {
  const warn = item.warn ?? '';
  if (!warn) return { warn: false, text: formatDay(item.expire_date, lang) };
  return { warn: true, text: daysText(item.warn_days, warn, lang) };
}

/**
 * What a card's data figures are about: 'third-party' (no figures at all: inventory status, a note, no gauge),
 * 'unlimited' (data used, no total), 'none' (no data plan, or none in force: never '0 MB of 0 MB'), 'data' (used of
 * a total). An older api without the unlimited flag says so in total_str ('Unlimited').
 */
export type DataPlan = 'third-party' | 'unlimited' | 'none' | 'data';

export function dataPlanOf(item: {
  is_third_party?: boolean | null;
  unlimited?: boolean | null;
  total: number;
  total_str?: string;
}): DataPlan {
  if (item.is_third_party) return 'third-party';
  const unlimited = item.unlimited ?? item.total_str?.trim().toLowerCase() === 'unlimited';
  if (unlimited) return 'unlimited';
  return item.total > 0 ? 'data' : 'none';
}

/**
 * What a shared pool's figures are about, by the rule of dataPlanOf: 'days' (a day-based plan, pool kind 1 or 2 of
 * POOL_DAY_BASED_KINDS: its days left of its days, no data amount, which it has none of), 'data' (data left of a
 * total), 'none' (no data plan in force: never '0 MB of 0 MB').
 */
export type PoolFigures = 'days' | 'data' | 'none';

export function poolFiguresOf(pool: { kind: number; total: number }): PoolFigures {
  if ((POOL_DAY_BASED_KINDS as readonly number[]).includes(pool.kind)) return 'days';
  return pool.total > 0 ? 'data' : 'none';
}

/**
 * A day-based pool's days: left (available_days) of all its days (the days it has been active and those left); the
 * gauge's share left is gaugePercent(total, total - left).
 */
export function poolDays(pool: { available_days: number; total_active: number }): { left: number; total: number } {
  const left = Math.max(0, pool.available_days);
  return { left, total: left + Math.max(0, pool.total_active) };
}

/** A package's validity in the language ('30 Tage'); the api's text when it sends no day count. */
export function validityText(item: { validity: string; validity_days?: number | null }, lang = 'en'): string {
  return daysText(item.validity_days, item.validity, lang);
}
