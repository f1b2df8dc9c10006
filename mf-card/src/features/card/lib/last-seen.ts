import type { SummaryCard } from '../components/CardSummary';
import { formatMoment, formatOnce } from 'shared-contracts';

/**
 * A region's name in the reader's language ('FR' → 'France', 'Frankreich'); the code where Intl cannot say. A
 * server-rendered page hands its names to the client (formatOnce): hydrating makes no Intl.DisplayNames.
 */
export function regionName(code: string, lang: string): string {
  const region = code.trim().toUpperCase();
  return formatOnce(`region|${lang}|${region}`, () => {
    try {
      return new Intl.DisplayNames([lang], { type: 'region' }).of(region) ?? region;
    } catch {
      return region;
    }
  });
}

/**
 * Where and when the network last saw the card, as the summary's "Last seen in {country} · {time}" line writes them;
 * null unless the api sent both.
 */
export function lastSeen(
  card: Pick<SummaryCard, 'last_seen_country' | 'last_seen_at'>,
  lang: string,
  zone?: string | null,
): { country: string; time: string } | null {
  const { last_seen_country: country, last_seen_at: at } = card;
  if (!country || !at) return null;
  return { country: regionName(country, lang), time: formatMoment(at * 1000, lang, zone) };
}
