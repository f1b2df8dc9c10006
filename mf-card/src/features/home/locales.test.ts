import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES } from 'shared-contracts';

// cardHome (src/locales/home/<lang>.json): the card list home and activity strings, in all 16 languages.
const dir = path.join(__dirname, '..', '..', 'locales');
type Tree = { [key: string]: string | Tree };
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Tree;

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('cardHome translations', () => {
  const en = leaves(read(path.join(dir, 'home', 'en.json')));

  it('has a file for each of the 16 languages and nothing else', () => {
    const files = readdirSync(path.join(dir, 'home')).filter((name) => name.endsWith('.json'));
    expect(files.map((name) => name.replace('.json', '')).sort()).toEqual([...LANGUAGE_CODES].sort());
    expect(en.get('carousel.previous')).toBe('Previous offer');
    expect(en.get('recall.title')).toContain('{{days}}');
  });

  it.each(LANGUAGE_CODES.filter((lang) => lang !== 'en'))(
    '%s has every key, translated, with the same placeholders',
    (lang) => {
      const other = leaves(read(path.join(dir, 'home', `${lang}.json`)));
      expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, text] of other) {
        expect(text.trim()).not.toBe('');
        expect(placeholders(text)).toEqual(placeholders(en.get(key)!));
      }
    },
  );

  it('the card namespace no longer carries the home strings', () => {
    for (const lang of LANGUAGE_CODES) expect(read(path.join(dir, `${lang}.json`))).not.toHaveProperty('home');
  });
});
