// Dates as the reader's language writes them. The api sends days as YYYY-MM-DD (UTC) and times as epoch seconds.
// Making an Intl.DateTimeFormat costs far more than formatting with one (a list formats a few per row): one per
// language and zone, made on first use.
import { formatMaker, formatOnce } from 'shared-contracts';

// Days ('YYYY-MM-DD') are written by shared-contracts' formatDay, as every remote's cards write their expiry.
export { formatDay } from 'shared-contracts';

/** One date format per language and zone (formatMaker). */
const dateFormat = formatMaker(
  (lang: string, zone: string | null) => `${lang}|${zone ?? 'UTC'}`,
  (lang: string, zone: string | null) =>
    new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: zone ?? 'UTC' }),
);

/**
 * Epoch seconds as a date in the reader's language, in `zone` (shared-contracts useTimeZone: the request's on the
 * server, the page's while hydrating, then the device's; null: UTC); '' for 0 or no value.
 */
export function formatSeconds(seconds: number | null | undefined, lang: string, zone: string | null): string {
  if (!seconds) return '';
  return formatOnce(`date|${lang}|${zone ?? ''}|${seconds}`, () => {
    try {
      return dateFormat(lang, zone).format(new Date(seconds * 1000));
    } catch {
      return new Date(seconds * 1000).toISOString().slice(0, 10);
    }
  });
}
