import { LANGUAGE_CODES } from 'shared-contracts';
import { ALERT_LANGUAGES, alertText, fill } from './alert-text';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('alert texts', () => {
  it('speak all 16 languages, each text with the placeholders of the English one', () => {
    expect([...ALERT_LANGUAGES].sort()).toEqual([...LANGUAGE_CODES].sort());
    const english = alertText('en');
    for (const lang of LANGUAGE_CODES) {
      const text = alertText(lang);
      for (const key of Object.keys(english) as Array<keyof typeof english>) {
        expect(text[key].trim()).not.toBe('');
        expect([lang, key, placeholders(text[key])]).toEqual([lang, key, placeholders(english[key])]);
      }
    }
  });

  it('falls back to English and fills placeholders', () => {
    expect(alertText('xx')).toBe(alertText('en'));
    expect(fill(alertText('de').lowTitle, { left: '18' })).toBe('Noch 18 % Daten');
  });
});
