import { use } from 'react';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { loadCommon, normalizeLanguage, type Language } from 'shared-contracts';

/** A namespace bundle: the content of one `src/locales/<lang>.json`. */
export type Bundle = Record<string, unknown>;

/** Fetches one language's bundle of a namespace (in a remote: a dynamic import of its `../locales/${lang}.json`). */
export type BundleLoader = (lang: Language) => Promise<Bundle>;

/** The translations of one remote: its namespace, loaded on demand into the page's (shared) i18next instance. */
export interface RemoteI18n {
  /** This remote's i18next namespace (src/locales/<lang>.json). */
  readonly NS: string;
  /** Fetches a namespace bundle once per language and adds it to the page's i18next instance. */
  loadInto(lang: Language, ns: string, load: BundleLoader): Promise<void>;
  /** Adds this remote's bundle of `lang` to the page's i18next instance. */
  loadNamespace(lang: string): Promise<void>;
  /** `common` and this remote's namespace of `lang`. */
  loadAll(lang: Language): Promise<void>;
  /** `t` of this remote's namespace; suspends (nearest Suspense) until the current language's bundle is in. */
  useRemoteTranslation(): ReturnType<typeof useTranslation>;
}

/** A promise React's `use` reads as settled (status 'fulfilled'), without suspending. */
const LOADED: Promise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

/**
 * The namespace loader of one remote. The cache of pending loads lives in the returned object (the remote keeps it),
 * not in this module.
 */
export function createRemoteI18n(ns: string, load: BundleLoader): RemoteI18n {
  const pending = new Map<string, Promise<void>>();
  const loadInto = (lang: Language, bundleNs: string, loader: BundleLoader): Promise<void> => {
    const key = `${lang}|${bundleNs}`;
    let promise = pending.get(key);
    if (!promise) {
      promise = loader(lang).then((bundle) => {
        i18n.addResourceBundle(lang, bundleNs, bundle, true, true);
      });
      promise.catch(() => pending.delete(key));
      pending.set(key, promise);
    }
    return promise;
  };
  const loadNamespace = (lang: string) => loadInto(normalizeLanguage(lang), ns, load);
  return {
    NS: ns,
    loadInto,
    loadNamespace,
    loadAll: (lang) => Promise.all([loadInto(lang, 'common', loadCommon), loadNamespace(lang)]).then(() => undefined),
    useRemoteTranslation() {
      const result = useTranslation(ns);
      const lang = result.i18n.language;
      // `use` on every render: React replays a component that suspended (in a transition, in the same render) and
      // expects the same calls when it finishes; with the bundle in, the settled promise answers at once.
      use(lang && !result.i18n.hasResourceBundle(lang, ns) ? loadNamespace(lang) : LOADED);
      return result;
    },
  };
}
