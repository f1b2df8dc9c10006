import { useEffect, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { type ApiClient, type SafeStorage } from 'shared-contracts';
import { AuthProvider } from '../features/auth/components/AuthProvider';
import { LocaleProvider } from '../features/locale/components/LocaleProvider';
import { type ResolvedLocale } from '../features/locale/lib/resolve-locale';
import { RemotesProvider } from '../features/remotes/components/RemotesProvider';
import { type RemoteRoutesLoader } from '../features/remotes/lib/remote-routes-store';
import { theme } from 'shared-contracts/ui';

export interface AppProvidersProps {
  client: ApiClient;
  storage: SafeStorage;
  locale: ResolvedLocale;
  initialSearch: string;
  freshReceipt?: boolean;
  remotesLoader?: RemoteRoutesLoader;
  children: ReactNode;
}

/**
 * Everything below the router: theme, remotes, auth receipt, language and currency. The page's global rules are plain
 * CSS in its document (@esim/build webpack/html.mjs), not a styled-components global style.
 */
export function AppProviders({
  client,
  storage,
  locale,
  initialSearch,
  freshReceipt,
  remotesLoader,
  children,
}: AppProvidersProps) {
  // A server-rendered page is live once React has hydrated it (effects run after that commit; never on the server):
  // #root loses data-ssr, so what waits for a live page (the end-to-end tests) can tell.
  useEffect(() => document.getElementById('root')?.removeAttribute('data-ssr'), []);
  return (
    <ThemeProvider theme={theme}>
      <RemotesProvider loader={remotesLoader}>
        <AuthProvider client={client} storage={storage} freshReceipt={freshReceipt}>
          <LocaleProvider client={client} storage={storage} initial={locale} initialSearch={initialSearch}>
            {children}
          </LocaleProvider>
        </AuthProvider>
      </RemotesProvider>
    </ThemeProvider>
  );
}
