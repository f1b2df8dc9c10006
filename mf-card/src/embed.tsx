import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import styled, { ThemeProvider } from 'styled-components';
import {
  DEFAULT_FLAG,
  dirFor,
  normalizeLanguage,
  registerRuntime,
  type EmbedMount,
  type EmbedOptions,
} from 'shared-contracts';
import { ensureI18n, i18nView, LocalToasts, RemoteRoutes, theme } from 'shared-contracts/ui';
import { configureApiClient } from './lib/api-client';
import { remote } from './lib/remote';
import routes from './routes';

const Root = styled.div`
  font-family: ${({ theme: t }) => t.font.family};
  color: ${({ theme: t }) => t.color.text};
  background: ${({ theme: t }) => t.color.background};
  font-size: ${({ theme: t }) => t.font.md};
  line-height: 1.45;
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
`;

function EmbedApp({ iccid }: Pick<EmbedOptions, 'iccid'>) {
  return (
    <ThemeProvider theme={theme}>
      <Root data-embed="mf_card">
        <MemoryRouter initialEntries={[`/${DEFAULT_FLAG}/${encodeURIComponent(iccid)}`]}>
          <RemoteRoutes routes={routes} />
        </MemoryRouter>
        <LocalToasts />
      </Root>
    </ThemeProvider>
  );
}

/**
 * mf_card/embed for partner pages: renders the card view for `iccid` into `element` with its own router, calling
 * the api at `apiBase`. The partner page's own <html> is left alone: language and direction go on `element`.
 */
export const mount: EmbedMount = (element, { iccid, apiBase, lang }) => {
  registerRuntime('mf_card/embed', { react: React });
  configureApiClient({ baseUrl: apiBase });
  const code = normalizeLanguage(lang ?? navigator.language);
  element.lang = code;
  element.dir = dirFor(code);
  const root = createRoot(element);
  let mounted = true;
  void ensureI18n(code, remote).then((i18n) => {
    if (!mounted) return;
    root.render(
      <I18nextProvider i18n={i18nView(i18n)}>
        <EmbedApp iccid={iccid} />
      </I18nextProvider>,
    );
  });
  return () => {
    mounted = false;
    root.unmount();
  };
};

export default mount;
