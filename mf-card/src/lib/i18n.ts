import { use } from 'react';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage, type Language } from 'shared-contracts';

/** This remote's i18next namespace (src/locales/<lang>.json). */
export const NS = 'card';

type Bundle = Record<string, unknown>;

// One chunk per language, fetched the first time a page of this remote shows in that language.
const importBundle = (lang: Language): Promise<Bundle> =>
  import(/* webpackChunkName: "card-locale-[request]" */ `../locales/${lang}.json`).then(
    (module: { default: Bundle }) => module.default,
  );

const pending = new Map<string, Promise<void>>();

/** Fetches a namespace bundle once per language and adds it to the page's i18next instance. */
export function loadInto(lang: Language, ns: string, load: (lang: Language) => Promise<Bundle>): Promise<void> {
  const key = `${lang}|${ns}`;
  let promise = pending.get(key);
  if (!promise) {
    promise = load(lang).then((bundle) => {
      i18n.addResourceBundle(lang, ns, bundle, true, true);
    });
    promise.catch(() => pending.delete(key));
    pending.set(key, promise);
  }
  return promise;
}

/** Adds this remote's bundle of `lang` to the page's (shared) i18next instance. */
export function loadNamespace(lang: string): Promise<void> {
  return loadInto(normalizeLanguage(lang), NS, importBundle);
}

/** `t` of this remote's namespace; suspends (nearest Suspense) until the current language's bundle is in. */
export function useRemoteTranslation() {
  const result = useTranslation(NS);
  const lang = result.i18n.language;
  if (lang && !result.i18n.hasResourceBundle(lang, NS)) use(loadNamespace(lang));
  return result;
}

export { i18n };
