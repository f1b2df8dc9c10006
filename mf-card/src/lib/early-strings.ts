// The early views' strings (features/card/early-view.ts, features/home/early-view.ts): shared-contracts' status labels
// ('common') of every language, and mf-card's own ('card', 'cardMore') of the page's language, fetched beside the
// page's first calls as one file per language (both imports name the same chunk). The early script's build keeps only
// the keys listed in src/early-view-strings.json of these files (@esim/build's earlyStringsRule).
import { type Language } from 'shared-contracts';
import ar from 'shared-contracts/locales/ar.json';
import de from 'shared-contracts/locales/de.json';
import en from 'shared-contracts/locales/en.json';
import es from 'shared-contracts/locales/es.json';
import fr from 'shared-contracts/locales/fr.json';
import he from 'shared-contracts/locales/he.json';
import id from 'shared-contracts/locales/id.json';
import it from 'shared-contracts/locales/it.json';
import ja from 'shared-contracts/locales/ja.json';
import ko from 'shared-contracts/locales/ko.json';
import pl from 'shared-contracts/locales/pl.json';
import pt from 'shared-contracts/locales/pt.json';
import th from 'shared-contracts/locales/th.json';
import tr from 'shared-contracts/locales/tr.json';
import vi from 'shared-contracts/locales/vi.json';
import zh from 'shared-contracts/locales/zh.json';

/** One language's strings of the early views, by i18next namespace ('more': cardMore, lib/text-more). */
export interface EarlyStrings {
  card: unknown;
  common: unknown;
  more: unknown;
}

const COMMON: Record<Language, unknown> = { ar, de, en, es, fr, he, id, it, ja, ko, pl, pt, th, tr, vi, zh };

const tableOf = (module: unknown): unknown =>
  typeof module === 'object' && module !== null && 'default' in module ? module.default : module;

/** The early views' strings in `lang`: mf-card's in their own chunk (one file per language), the status labels here. */
export async function loadEarlyStrings(lang: Language): Promise<EarlyStrings> {
  const [card, more] = await Promise.all([
    import(/* webpackChunkName: "strings-[request]", webpackExclude: /[\\/]more[\\/]/ */ `../locales/${lang}.json`),
    import(/* webpackChunkName: "strings-[request]" */ `../locales/more/${lang}.json`),
  ]);
  return { card: tableOf(card), common: COMMON[lang], more: tableOf(more) };
}
