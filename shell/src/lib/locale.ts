import { createContext, useContext } from 'react';
import { type Language } from 'shared-contracts';

// The page's language, currency and region, for every part of the shell. The locale feature's LocaleProvider
// fills it; the chrome (header, locale dialog) reads it here, so no feature imports another.

export interface LocaleChange {
  language?: Language;
  currency?: string;
  region?: string;
}

export interface LocaleState {
  language: Language;
  currency: string | null;
  region: string;
  locked: boolean;
  languages: readonly Language[];
  currencies: readonly string[];
  /** Applies and stores a change; syncs region and currency to the account when logged in. */
  update(change: LocaleChange): Promise<void>;
}

export const LocaleContext = createContext<LocaleState | null>(null);

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale outside LocaleProvider');
  return state;
}
