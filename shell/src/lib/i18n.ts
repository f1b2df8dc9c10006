import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { dirFor, I18N_OPTIONS, type Language, loadCommon } from 'shared-contracts';

export const SHELL_NS = 'shell';
export const COMMON_NS = 'common';

type Bundle = Record<string, unknown>;

// One chunk per language: a phone downloads only the language it shows.
const loadShellBundle = (lang: Language): Promise<Bundle> =>
  import(
    /* webpackChunkName: "shell-locale-[request]", webpackExclude: /[\\/]locales[\\/][a-z]+[\\/]/ */ `../locales/${lang}.json`
  ).then((module: { default: Bundle }) => module.default);

async function addBundle(lang: Language, ns: string, load: (lang: Language) => Promise<Bundle>) {
  if (i18n.hasResourceBundle(lang, ns)) return;
  i18n.addResourceBundle(lang, ns, await load(lang), true, true);
}

/** The common (shared-contracts) and shell namespaces of one language, fetched on demand. */
export function loadLanguage(lang: Language): Promise<void> {
  return Promise.all([addBundle(lang, COMMON_NS, loadCommon), addBundle(lang, SHELL_NS, loadShellBundle)]).then(
    () => undefined,
  );
}

/** `<html lang dir>` follow the language (rtl for ar and he). */
export function applyDocumentLanguage(lang: string): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = dirFor(lang);
}

/**
 * The page's i18next default instance (a federation singleton, so every remote translates with it). Remotes add
 * their own namespace bundles to it on demand. Resolves once `lang` can be shown.
 */
export async function initI18n(lang: Language, resources: Resource = {}): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', applyDocumentLanguage);
    await i18n.use(initReactI18next).init({
      lng: lang,
      ...I18N_OPTIONS,
      ns: [COMMON_NS, SHELL_NS],
      defaultNS: COMMON_NS,
      resources,
    });
  }
  await loadLanguage(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  applyDocumentLanguage(lang);
  return i18n;
}

/** Switches the whole page once the new language's bundles are in, so nothing flashes untranslated. */
export async function switchLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  await i18n.changeLanguage(lang);
}

export { i18n };
