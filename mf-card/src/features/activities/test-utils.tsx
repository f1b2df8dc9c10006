import { act, render, type RenderResult } from '@testing-library/react';
import { type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { ensureI18n, theme } from 'shared-contracts/ui';
import { remote } from '../../lib/remote';
import { moreText } from '../../lib/text-more';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Tests: i18n (card + cardMore) ready, then `ui` at /eshop/card/list with the router's location shown. */
export async function renderActivity(ui: ReactElement, lang = 'en'): Promise<RenderResult> {
  await ensureI18n(lang, remote);
  await moreText.loadNamespace(lang);
  let result!: RenderResult;
  await act(async () => {
    result = render(
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={['/eshop/card/list']}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
          <Location />
        </MemoryRouter>
      </ThemeProvider>,
    );
  });
  return result;
}
