import { Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import styled, { ThemeProvider } from 'styled-components';
import { dirFor, normalizeLanguage, type RemoteRoute } from 'shared-contracts';
import { i18nView } from './i18n-view';
import { ensureI18n } from './init-i18n';
import { LocalToasts } from './LocalToasts';
import { type RemoteUi } from './remote';
import { theme } from './theme';

const DevBar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme: t }) => t.space.sm};
  padding: ${({ theme: t }) => t.space.sm} ${({ theme: t }) => t.space.lg};
  background: #1f2329;
  color: #fff;
  font-size: ${({ theme: t }) => t.font.sm};
  a {
    color: #9be9bf;
  }
`;

const Page = styled.div`
  max-inline-size: 640px;
  margin-inline: auto;
`;

/** A remote's route table rendered by the router around it (standalone page, partner embed). */
export function RemoteRoutes({ routes }: { routes: RemoteRoute[] }) {
  return (
    <Suspense fallback={null}>
      <Routes>
        {routes.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
      </Routes>
    </Suspense>
  );
}

export interface StandaloneOptions {
  remote: RemoteUi;
  routes: RemoteRoute[];
  /** Example URLs for route patterns (a pattern with parameters is otherwise linked as written). */
  samplePaths?: Record<string, string>;
}

/**
 * A remote served alone (its own origin, no shell): every route, a dev bar, local toasts. The page's global rules (box
 * sizing, the body's margin, colours and type) are in its document's CSS, as on the shell's (webpack/html.mjs).
 */
export function StandaloneApp({ remote, routes, samplePaths = {} }: StandaloneOptions) {
  const name = remote.REMOTE_NAME;
  return (
    <ThemeProvider theme={theme}>
      <BrowserRouter>
        <DevBar aria-label={`${name} standalone`}>
          <strong>{name}</strong>
          {routes.map((route) => (
            <Link key={route.path} to={samplePaths[route.path] ?? route.path}>
              {route.path}
            </Link>
          ))}
        </DevBar>
        <Page>
          <RemoteRoutes routes={routes} />
        </Page>
        <LocalToasts />
      </BrowserRouter>
    </ThemeProvider>
  );
}

/** The standalone page of a remote (its bootstrap): language from ?lan= or the browser, then StandaloneApp. */
export async function startStandalone(options: StandaloneOptions): Promise<void> {
  const lang = normalizeLanguage(new URLSearchParams(window.location.search).get('lan') ?? navigator.language);
  const i18n = await ensureI18n(lang, options.remote);
  document.documentElement.lang = lang;
  document.documentElement.dir = dirFor(lang);
  const container = document.getElementById('root');
  if (container) {
    createRoot(container).render(
      <I18nextProvider i18n={i18nView(i18n)}>
        <StandaloneApp {...options} />
      </I18nextProvider>,
    );
  }
}
