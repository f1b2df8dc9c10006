// Test helper (jest, jsdom): the one way front-end tests render. Router, the page's real i18next instance, the theme
// and the page bus, as the shell (or a remote's standalone page) supplies them; the package adds its own providers
// through `wrapper` and its translations through `i18n`. The network is whatever stubCalls set.
import { act, render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { type ComponentType, type ReactElement, type ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import {
  COMMON_NAMESPACE,
  createSafeStorage,
  type EventBus,
  getBus,
  I18N_OPTIONS,
  type Language,
  loadCommon,
  normalizeLanguage,
  STORAGE_KEYS,
} from 'shared-contracts';
import { theme } from '../ui/theme';

/** One i18next namespace of a package: a remote's `remote` (createRemoteUi) or `createRemoteI18n(...)` fits. */
export interface TestNamespace {
  readonly NS: string;
  /** Adds the namespace's bundle of `lang` to the page's i18next instance. */
  loadNamespace(lang: string): Promise<void>;
}

export interface RenderI18nOptions {
  /** Language of the page; default 'en'. */
  lang?: string;
  /** The package's namespaces (besides `common`, which is always loaded). */
  namespaces?: ReadonlyArray<TestNamespace>;
  /**
   * Initialises i18next the package's own way (the shell: its initI18n, which also sets `<html lang dir>`) instead
   * of the standalone set-up a remote uses. Runs before `namespaces` are loaded.
   */
  init?: (lang: Language) => Promise<unknown>;
}

/** localStorage values by STORAGE_KEYS name, e.g. `{ RECEIPT: 'token' }`. */
export type StoredValues = Partial<Record<keyof typeof STORAGE_KEYS, string>>;

export interface RenderRemoteOptions {
  /** Where the router starts (path and query); default '/'. */
  route?: string;
  /** The router's whole history instead of `route` (the last entry is current). */
  initialEntries?: string[];
  /**
   * A route pattern `ui` is the element of (useParams works: '/:flag/:iccid'); elsewhere nothing renders (a page the
   * test navigated away from disappears). Without it `ui` always renders.
   */
  path?: string;
  /** Shows the router's location (path and query) in `<p data-testid="location">` beside `ui`. */
  showLocation?: boolean;
  i18n?: RenderI18nOptions;
  /** Stored values (localStorage) before the first render. jest.setup.web.ts clears storage after each test. */
  stored?: StoredValues;
  /** The package's providers around `ui`, inside router, theme and i18n (e.g. the shell's AppProviders). */
  wrapper?: ComponentType<{ children: ReactNode }>;
}

export interface RenderedRemote extends RenderResult {
  /** userEvent.setup(), made on first use (tests on fake timers set up their own with advanceTimers). */
  user: ReturnType<typeof userEvent.setup>;
  /** The page bus (a fresh one per test: jest.setup.web.ts resets it). */
  bus: EventBus;
}

function Location() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** The standalone set-up of a remote (shared-contracts/ui ensureI18n's options) with any namespaces. */
async function standaloneI18n(lang: Language, namespaces: ReadonlyArray<TestNamespace>): Promise<void> {
  if (i18n.isInitialized) return;
  await i18n.use(initReactI18next).init({
    lng: lang,
    ...I18N_OPTIONS,
    ns: [COMMON_NAMESPACE, ...namespaces.map((namespace) => namespace.NS)],
    defaultNS: COMMON_NAMESPACE,
    resources: {},
  });
}

async function prepareI18n({ lang = 'en', namespaces = [], init }: RenderI18nOptions): Promise<void> {
  const code = normalizeLanguage(lang);
  await (init ? init(code) : standaloneI18n(code, namespaces));
  const common = i18n.hasResourceBundle(code, COMMON_NAMESPACE) ? null : await loadCommon(code);
  if (common) i18n.addResourceBundle(code, COMMON_NAMESPACE, common, true, true);
  await Promise.all(namespaces.map((namespace) => namespace.loadNamespace(code)));
  if (i18n.language !== code) await i18n.changeLanguage(code);
}

/**
 * Renders `ui` of the shell or a remote with router, i18n, theme and bus:
 *
 *   await renderRemote(<CardPage />, { route: `/2/${ICCID}`, path: '/:flag/:iccid', i18n: { namespaces: [remote] } });
 *
 * Rendering is awaited inside act, so pages that suspend on React's use() (translations, remote routes) settle.
 */
export async function renderRemote(ui: ReactElement, options: RenderRemoteOptions = {}): Promise<RenderedRemote> {
  const { route = '/', initialEntries = [route], path, showLocation = false, stored = {}, wrapper } = options;
  const storage = createSafeStorage(window.localStorage);
  for (const [key, value] of Object.entries(stored)) {
    if (value !== undefined) storage.set(STORAGE_KEYS[key as keyof typeof STORAGE_KEYS], value);
  }
  await prepareI18n(options.i18n ?? {});
  const Wrapper = wrapper ?? Bare;
  let result!: RenderResult;
  await act(async () => {
    result = render(
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={initialEntries}>
          <Wrapper>
            {path === undefined ? (
              ui
            ) : (
              <Routes>
                <Route path={path} element={ui} />
                {path === '*' ? null : <Route path="*" element={null} />}
              </Routes>
            )}
            {showLocation ? <Location /> : null}
          </Wrapper>
        </MemoryRouter>
      </ThemeProvider>,
    );
  });
  // Lazily: userEvent.setup() replaces navigator.clipboard, which a test may want to fake itself.
  let user: RenderedRemote['user'] | null = null;
  return Object.defineProperty({ ...result, bus: getBus() }, 'user', {
    enumerable: true,
    get: () => (user ??= userEvent.setup()),
  }) as RenderedRemote;
}

function Bare({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

/**
 * Lets a load a page suspended on (React's use()) finish and React show its outcome, as in a browser: outside
 * act, in real time. React reveals suspended content at most every 300 ms (its fallback throttle), hence the
 * default. `action` (e.g. a Retry click) runs in the same window, so the load it starts is not tied to an act scope.
 */
export async function settle(ms = 700, action?: () => void): Promise<void> {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const previous = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    action?.();
    await new Promise<void>((resolve) => setTimeout(resolve, ms));
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = previous;
  }
}
