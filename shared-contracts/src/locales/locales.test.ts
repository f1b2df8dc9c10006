import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_CODES } from '../languages';
import { ALL_MESSAGE_KEYS } from '../errors';
import { STATUS_LABELS } from '../display';
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

  it('en has every message key the catalogue, validators and status labels hand out', () => {
    for (const key of [...ALL_MESSAGE_KEYS, ...Object.values(STATUS_LABELS)]) {
      expect(en.has(key) ? key : `missing: ${key}`).toBe(key);
    }
  });

  it('loadCommon loads the requested language and falls back to English', async () => {
    const de = (await loadCommon('de')) as { errors: Record<string, string> };
    expect(de.errors['10102']).toBe('Karte nicht gefunden. Bitte prüfe die ICCID.');
    const fallback = (await loadCommon('xx')) as { pleaseLogIn: string };
    expect(fallback.pleaseLogIn).toBe('Please log in first.');
  });
});
