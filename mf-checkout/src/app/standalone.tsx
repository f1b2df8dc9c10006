import { Suspense } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import styled, { createGlobalStyle, ThemeProvider } from 'styled-components';
import { LocalToasts } from '../components/LocalToasts';
import { theme } from '../lib/theme';
import routes from '../routes';

const Global = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; background: ${({ theme: t }) => t.color.background}; color: ${({ theme: t }) => t.color.text}; }
`;

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

/** Example URLs for each of this remote's route patterns on the standalone page. */
const SAMPLE_PATHS: Record<string, string> = {};

/** This remote served alone (its own origin, no shell): every route, a dev bar, local toasts. */
export function StandaloneApp() {
  return (
    <ThemeProvider theme={theme}>
      <Global />
      <BrowserRouter>
        <DevBar aria-label="mf_checkout standalone">
          <strong>mf_checkout</strong>
          {routes.map((route) => (
            <Link key={route.path} to={SAMPLE_PATHS[route.path] ?? route.path}>
              {route.path}
            </Link>
          ))}
        </DevBar>
        <Page>
          <Suspense fallback={null}>
            <Routes>
              {routes.map(({ path, Component }) => (
                <Route key={path} path={path} element={<Component />} />
              ))}
            </Routes>
          </Suspense>
        </Page>
        <LocalToasts />
      </BrowserRouter>
    </ThemeProvider>
  );
}
