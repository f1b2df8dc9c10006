// Test helper (jest only): every translation file of a namespace folder has exactly English's keys, translated,
// with the same {{placeholders}} and the same <tags> (a <Trans> component, e.g. a user's name marked
// translate="no"). i18next plural keys (_zero, _one, _two, _few, _many, _other) may differ by language: each
// language has its own plural categories, so a plural group compares by its base key.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES } from '../languages';

type Tree = { [key: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<\/?[\w-]+\s*\/?>/g)].map((m) => m[0]).sort();
const baseKeys = (keys: Iterable<string>) => [...new Set([...keys].map((key) => key.replace(PLURAL, '')))].sort();

/**
 * Declares the jest tests of one namespace folder (`<dir>/<lang>.json`). `sameAsEnglish` lists keys whose value may
 * equal English (brands, codes).
 */
export function describeLocaleFolder(name: string, dir: string, sameAsEnglish: ReadonlyArray<string> = []): void {
  const read = (lang: string) => leaves(JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as Tree);
  describe(`${name} translations`, () => {
    const en = read('en');
    it('has one file per supported language and nothing else, English not empty', () => {
      const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
      expect(files.map((file) => file.replace(/\.json$/, '')).sort()).toEqual([...LANGUAGE_CODES].sort());
      expect(en.size).toBeGreaterThan(0);
    });
    it.each(LANGUAGE_CODES.filter((lang) => lang !== 'en'))('%s has every key, translated', (lang) => {
      const other = read(lang);
      expect(baseKeys(other.keys())).toEqual(baseKeys(en.keys()));
      const english = new Map([...en].map(([key, text]) => [key.replace(PLURAL, ''), text]));
      for (const [key, text] of other) {
        const base = key.replace(PLURAL, '');
        expect(text.trim()).not.toBe('');
        expect(placeholders(text)).toEqual(placeholders(english.get(base) ?? ''));
        expect(tags(text)).toEqual(tags(english.get(base) ?? ''));
        if (text === en.get(key) && text.length > 3 && !sameAsEnglish.includes(key) && /[a-z]{4}/.test(text)) {
          throw new Error(`${name} ${lang}: '${key}' is still English ("${text}")`);
        }
      }
    });
  });
}
