import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { I18N_OPTIONS, normalizeLanguage } from 'shared-contracts';
import { type RemoteI18n } from './i18n';

/**
 * Outside the shell (standalone page, partner embed) nobody initialised i18next: a remote does, with the shell's
 * options, and loads `common` and its own namespace for `lang`. (Inside the shell the shell owns i18next.)
 */
export async function ensureI18n(lang: string, remote: RemoteI18n): Promise<typeof i18n> {
  const code = normalizeLanguage(lang);
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: code,
      ...I18N_OPTIONS,
      ns: ['common', remote.NS],
      defaultNS: 'common',
      resources: {},
    });
  }
  await remote.loadAll(code);
  if (i18n.language !== code) await i18n.changeLanguage(code);
  return i18n;
}
