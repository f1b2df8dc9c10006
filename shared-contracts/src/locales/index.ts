// Loader of the `common` namespace. One chunk per language: the bundler splits the template import, so a phone
// downloads only the language it shows (STYLE: load translations per language and namespace).
import { normalizeLanguage, type Language } from '../languages';

export const COMMON_NAMESPACE = 'common';

/** The `common` resources of a language (unsupported values load English). */
export async function loadCommon(lang: string): Promise<Record<string, unknown>> {
  const code: Language = normalizeLanguage(lang);
  const module = (await import(/* webpackChunkName: "common-locale-[request]" */ `./${code}.json`)) as { default?: Record<string, unknown> } & Record<string, unknown>;
  return module.default ?? module;
}
