import fs from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';

/**
 * What a page in another language still shows in English. Three nets, each a finding on its own:
 * - a text equal to an English value of the site's locale files whose translation differs (a missing key falling
 *   back to English, or a screen that hard-codes an English string the locale files hold);
 * - in a right-to-left language (ar, he), any word in Latin letters that is not a brand, unit or code;
 * - elsewhere (de), a word that is English and no word of the page's language (ENGLISH_ONLY below).
 * It reads what a user reads: visible text, and the placeholder and accessible name of controls; not what the page
 * marks translate="no" (names the user gave).
 */

const root = path.resolve(__dirname, '..', '..');
const LOCALE_DIRS = [
  'shared-contracts/src/locales',
  'shell/src/locales',
  'shell/src/locales/support',
  'mf-card/src/locales',
  'mf-card/src/locales/more',
  'mf-pool/src/locales',
  'mf-esim/src/locales',
  'mf-account/src/locales',
  'mf-checkout/src/locales',
];

/** Names, units and codes that read the same in every language. */
export const ALLOWED = new Set(
  [
    'eSIM',
    'eSIMs',
    'SIM',
    'SIMs',
    'ICCID',
    'EID',
    'GB',
    'MB',
    'KB',
    'TB',
    'kbps',
    'Mbps',
    '3G',
    '4G',
    '5G',
    'LTE',
    'PayPal',
    'Visa',
    'Mastercard',
    'Stripe',
    'Google',
    'Facebook',
    'Apple',
    'iPhone',
    'iOS',
    'Android',
    'QR',
    'LPA',
    'SM-DP+',
    'USD',
    'EUR',
    'JPY',
    'CAD',
    'GBP',
    'US$',
    'CA$',
    'OK',
    'eSIM Shop',
    'Shop',
    'ID',
    'PIN',
    'URL',
    'E-Mail',
    'Email',
    'WhatsApp',
    'Safari',
    'Chrome',
    'iPad',
    'Samsung',
    // Language and currency codes of the locale switch ("AR · USD").
    ...['AR', 'DE', 'EN', 'ES', 'FR', 'HE', 'IT', 'JA', 'TH', 'TR', 'KO', 'PT', 'ZH', 'VI', 'PL'],
    // Operators on the demo catalogue's coverage (brand names).
    'Vodafone',
    'Orange',
    'Movistar',
    'Telekom',
    'Telstra',
    'Optus',
    'AIS',
    'dtac',
    'TrueMove',
    'Three',
    'O2',
    'SFR',
    'TIM',
    'Wind',
    'Tre',
  ].map((word) => word.toLowerCase()),
);

/** Common English words that are not German words (so a German page showing one shows English). */
const ENGLISH_ONLY = new Set(
  `the and your you with for this that these those from have has is are been not yes all card cards package
  packages data days day left used buy now renew renews renewal renewed unlimited active order orders payment
  paid pay payer price settings account login log sign password expires expire expired until valid only more
  less best seller hot recommend recommended new about gift invite today tomorrow speed limited full then after
  before first use starts country countries network networks coverage europe asia pacific worldwide refill
  balance loading retry try again close cancel save edit delete remove add back next previous home language
  currency search results found nothing content available currently there here what when where which who why how
  can could should would our we they their them its of to on at by or if free week weeks month months year years
  hour hours minute minutes apply applied waiting failed success successful paid unpaid pending cancelled
  canceled refunded disputed declined receipt address city state zip postal enter please select choose plan's
  shared lines line install installed profiles ready activated deactivated suspended inventory
  third-party notice notices message messages read unread agreement purchase purchased purchases buying sold
  view show hide copy copied open opened camera help contact welcome hello offer offers summer unlimited week's`.split(
    /\s+/,
  ),
);

interface LocaleValues {
  /** English values whose translation in the language differs. */
  english: Set<string>;
  /** The same, with interpolations ({{n}}) as patterns. */
  patterns: RegExp[];
}

function flatten(value: unknown, prefix: string, out: Map<string, string>): void {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  }
}

function readLocale(dir: string, lang: string): Map<string, string> {
  const file = path.join(root, dir, `${lang}.json`);
  const out = new Map<string, string>();
  if (fs.existsSync(file)) flatten(JSON.parse(fs.readFileSync(file, 'utf8')), '', out);
  return out;
}

const cache = new Map<string, LocaleValues>();

/** The English texts of every package's locale files that `lang` translates differently. */
export function localeValues(lang: string): LocaleValues {
  const known = cache.get(lang);
  if (known) return known;
  const english = new Set<string>();
  const patterns: RegExp[] = [];
  for (const dir of LOCALE_DIRS) {
    const en = readLocale(dir, 'en');
    const other = readLocale(dir, lang);
    for (const [key, text] of en) {
      const translated = other.get(key);
      if (translated === undefined || translated.trim() === text.trim()) continue;
      if (text.trim().split(/\s+/).length < 2 && !ENGLISH_ONLY.has(text.trim().toLowerCase())) continue;
      if (/\{\{/.test(text)) {
        const source = text
          .trim()
          .split(/\{\{[^}]+\}\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.+?');
        if (source.replace(/\.\+\?/g, '').trim().length >= 8) patterns.push(new RegExp(`^${source}$`));
      } else english.add(text.trim());
    }
  }
  const values = { english, patterns };
  cache.set(lang, values);
  return values;
}

/**
 * Every piece of text a user reads on the page now: visible text nodes, placeholders, accessible names. A name the
 * page marks as the user's (translate="no") is the user's wherever it appears: taken out of labels ("Rename Family
 * plan") too.
 */
export async function readableTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const names = Array.from(document.querySelectorAll('[translate="no"]'))
      .map((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim())
      .filter((name) => name.length > 1)
      .sort((a, b) => b.length - a.length);
    const withoutNames = (text: string) => names.reduce((rest, name) => rest.split(name).join(' '), text).trim();
    const visible = (element: Element | null): boolean => {
      for (let node = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.display === 'none' || style.visibility === 'hidden' || node.getAttribute('aria-hidden') === 'true')
          return false;
        // What the page marks as not to be translated: a name the user gave (a card's, a slot's), a code.
        if (node.getAttribute('translate') === 'no') return false;
      }
      return Boolean(element && element.getClientRects().length);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName)) continue;
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text && visible(parent)) texts.push(text);
    }
    for (const element of Array.from(document.querySelectorAll('[placeholder], [aria-label], img[alt]'))) {
      if (!visible(element)) continue;
      for (const name of ['placeholder', 'aria-label', 'alt']) {
        const value = withoutNames(element.getAttribute(name) ?? '');
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/** Words of any script (so "Bestätigung" is one German word, not "Best" and "tigung"). */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’+-]*/gu;
const LATIN = /^[A-Za-z]/;

/** Whether a word is a code, amount, e-mail, address or allowed name rather than an English word. */
function neutral(word: string): boolean {
  const bare = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}+$]+$/gu, '');
  if (!bare || bare.length < 2) return true;
  if (ALLOWED.has(bare.toLowerCase())) return true;
  if (/\d/.test(bare)) return true; // ICCIDs, "5G", amounts with units
  if (/^[A-Z]{2,4}$/.test(bare)) return true; // codes: ccy, country, network type
  return false;
}

/** The texts of `texts` that are English on a page in `lang`, each once. */
export function englishLeftovers(texts: string[], lang: string): string[] {
  const { english, patterns } = localeValues(lang);
  const rtl = lang === 'ar' || lang === 'he';
  const found = new Set<string>();
  for (const text of texts) {
    // E-mail addresses, web addresses and ICCIDs are data, not language.
    const clean = text.replace(/\S+@\S+|https?:\/\/\S+|\b\d[\d ]{11,}\d\b/g, ' ').trim();
    if (!clean) continue;
    if (english.has(clean) || patterns.some((pattern) => pattern.test(clean))) {
      found.add(text);
      continue;
    }
    const words = (clean.match(WORD) ?? []).filter((word) => LATIN.test(word));
    const suspects = words.filter((word) => !neutral(word));
    if (rtl ? suspects.length > 0 : suspects.some((word) => ENGLISH_ONLY.has(word.toLowerCase()))) found.add(text);
  }
  return [...found];
}
