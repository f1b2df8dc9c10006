import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });
import { act, render } from '@testing-library/react';
import { type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { ensureI18n, theme } from 'shared-contracts/ui';
import { remote } from '../../lib/remote';

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** Renders a widget on the card list route; any navigation shows the new location. */
export async function renderWidget(ui: ReactElement, lang = 'en') {
  await ensureI18n(lang, remote);
  await act(async () => {
    render(
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={['/eshop/card/list']}>
          <Routes>
            <Route path="/eshop/card/list" element={ui} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </ThemeProvider>,
    );
  });
}
