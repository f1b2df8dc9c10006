import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_CODES } from '../languages';
import { ALL_MESSAGE_KEYS } from '../errors';
import { DEFAULT_NAME_KEYS, STATUS_LABELS } from '../display';
import { loadCommon } from './index';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const read = (lang: string) => flatten(JSON.parse(readFileSync(join(__dirname, `${lang}.json`), 'utf8')) as Tree);
const en = read('en');

describe('common locales', () => {
  it('has one file per supported language and nothing else', () => {
    const files = readdirSync(__dirname)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  it.each(LANGUAGE_CODES.filter((l) => l !== 'en'))('%s has exactly the keys of en, all translated', (lang) => {
    const messages = read(lang);
    expect([...messages.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of messages) {
      expect(text.trim()).not.toBe('');
      // A value identical to English is a missed translation, unless it is only a code or a brand (e.g. 'ZIP').
      if (text === en.get(key)) throw new Error(`${lang}: '${key}' is still English`);
    }
  });

  it('en has every message key the catalogue, validators, status labels and default names hand out', () => {
    for (const key of [...ALL_MESSAGE_KEYS, ...Object.values(STATUS_LABELS), ...Object.values(DEFAULT_NAME_KEYS)]) {
      expect(en.has(key) ? key : `missing: ${key}`).toBe(key);
    }
  });

  it("en's default names are the spec's ('Shared Plan {index}', 'eSim Slot' + index); every language numbers them", () => {
    expect(en.get(DEFAULT_NAME_KEYS.pool)).toBe('Shared Plan {{index}}');
    expect(en.get(DEFAULT_NAME_KEYS.slot)).toBe('eSim Slot {{index}}');
    expect(en.get(DEFAULT_NAME_KEYS.slotNoIndex)).toBe('eSim Slot');
    for (const lang of LANGUAGE_CODES) {
      const messages = read(lang);
      expect(messages.get(DEFAULT_NAME_KEYS.pool)).toContain('{{index}}');
      expect(messages.get(DEFAULT_NAME_KEYS.slot)).toContain('{{index}}');
      expect(messages.get(DEFAULT_NAME_KEYS.slotNoIndex)).not.toContain('{{');
    }
  });

  it('loadCommon loads the requested language and falls back to English', async () => {
    const de = (await loadCommon('de')) as { errors: Record<string, string> };
    expect(de.errors['10102']).toBe('Karte nicht gefunden. Bitte prüfen Sie die ICCID.');
    const fallback = (await loadCommon('xx')) as { pleaseLogIn: string };
    expect(fallback.pleaseLogIn).toBe('Please log in first.');
  });
});

// One register per language across the whole site: German says "Sie", never "du" (every package's de.json, the card
// remote's second namespace and the support chat's strings).
describe('German register', () => {
  const ROOT = join(__dirname, '..', '..', '..');
  const GERMAN = [
    'shared-contracts/src/locales/de.json',
    'shell/src/locales/de.json',
    'shell/src/locales/support/de.json',
    'mf-card/src/locales/de.json',
    'mf-card/src/locales/more/de.json',
    'mf-pool/src/locales/de.json',
    'mf-esim/src/locales/de.json',
    'mf-account/src/locales/de.json',
    'mf-checkout/src/locales/de.json',
  ];
  // du, dich, dir, dein…; the second person singular of the verbs a UI uses; a sentence opening with a du-imperative.
  const INFORMAL = new RegExp(
    [
      String.raw`\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)\b`,
      String.raw`\b(hast|bist|kannst|musst|willst|wirst|bekommst|erhältst|möchtest|siehst|findest|brauchst)\b`,
      String.raw`(^|[.:!?]\s)(Gib|Wähle|Tippe|Prüfe|Öffne|Melde|Versuche|Warte|Wende|Scanne|Füge|Nutze|Lies|Nimm|Beginne|Entferne)\b`,
    ].join('|'),
    'i',
  );

  it.each(GERMAN)('%s says Sie', (file) => {
    const texts = flatten(JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Tree);
    const informal = [...texts].filter(([, text]) => INFORMAL.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(informal).toEqual([]);
  });
});
