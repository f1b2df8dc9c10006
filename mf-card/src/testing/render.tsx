import { act, render, type RenderResult } from '@testing-library/react';
import { type ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { ensureI18n, theme } from 'shared-contracts/ui';
import { remote } from '../lib/remote';

/** Renders a page of this remote at `route` with its router pattern, theme and translations (as the shell would). */
export async function renderPage(
  ui: ReactElement,
  { route, path, lang = 'en' }: { route: string; path: string; lang?: string },
): Promise<RenderResult> {
  await ensureI18n(lang, remote);
  let result!: RenderResult;
  await act(async () => {
    result = render(
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
          </Routes>
        </MemoryRouter>
      </ThemeProvider>,
    );
  });
  return result;
}

/** Replaces fetch with api answers by path suffix (the HTTP boundary); returns the recorded request bodies. */
export function stubApi(answers: Record<string, unknown>) {
  const original = globalThis.fetch;
  const calls: Array<{ path: string; body: unknown }> = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    calls.push({ path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const key = Object.keys(answers).find((suffix) => path.endsWith(suffix));
    const body = key ? { code: 10000, message: 'ok', data: answers[key] } : { code: 10003, message: 'x', data: null };
    return { ok: true, status: 200, json: async () => body } as Response;
  }) as typeof fetch;
  return { calls, restore: () => void (globalThis.fetch = original) };
}
