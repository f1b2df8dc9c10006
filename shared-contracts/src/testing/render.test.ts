/**
 * @jest-environment jsdom
 */
// The 'contracts' project runs in node and takes .ts tests only: this file asks for jsdom and renders without JSX.
import './text-encoding';
import { act, cleanup, screen } from '@testing-library/react';
import i18n from 'i18next';
import { createElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useTheme } from 'styled-components';
import { getBus, type EventMap } from 'shared-contracts';
import { resetBus } from './bus';
import { renderRemote, type TestNamespace } from './render';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

function Card() {
  const { iccid } = useParams();
  return createElement('p', { 'data-testid': 'iccid' }, iccid ?? 'none');
}

describe('renderRemote', () => {
  it('renders under the route pattern (useParams works) and shows the location as it changes', async () => {
    const { user } = await renderRemote(
      createElement('div', null, createElement(Card), createElement(Link, { to: '/pkg?iccid=1' }, 'packages')),
      { route: '/2/89880000000000000001?mode=search', path: '/:flag/:iccid', showLocation: true },
    );
    expect(screen.getByTestId('iccid').textContent).toBe('89880000000000000001');
    expect(screen.getByTestId('location').textContent).toBe('/2/89880000000000000001?mode=search');
    await user.click(screen.getByRole('link', { name: 'packages' }));
    expect(screen.getByTestId('location').textContent).toBe('/pkg?iccid=1');
    expect(screen.queryByTestId('iccid')).toBeNull();
  });

  it('translates with the real i18next: common always, the package namespaces in the asked language', async () => {
    const card: TestNamespace = {
      NS: 'card',
      loadNamespace: async (lang) => {
        i18n.addResourceBundle(lang, 'card', { title: lang === 'de' ? 'Meine Karte' : 'My card' }, true, true);
      },
    };
    function Title() {
      const { t } = useTranslation('card');
      return createElement('h1', null, `${t('title')} · ${t('common:refreshSuccess')}`);
    }
    await renderRemote(createElement(Title), { i18n: { lang: 'de', namespaces: [card] } });
    expect(screen.getByRole('heading').textContent).toBe('Meine Karte · Aktualisiert.');
    expect(i18n.language).toBe('de');
    cleanup();

    await renderRemote(createElement(Title), { i18n: { namespaces: [card] } });
    expect(screen.getByRole('heading').textContent).toBe('My card · Refreshed.');
  });

  it("runs the package's own i18n set-up when given one", async () => {
    const init = jest.fn(async () => undefined);
    await renderRemote(createElement('p', null, 'x'), { i18n: { lang: 'ar', init } });
    expect(init).toHaveBeenCalledWith('ar');
    expect(i18n.language).toBe('ar');
  });

  it('supplies the theme, stored values, the package wrapper (inside the router) and the page bus', async () => {
    function Colour() {
      return createElement('p', { 'data-testid': 'colour' }, useTheme().color.primary);
    }
    function Wrapper({ children }: { children: ReactNode }) {
      const { pathname } = useLocation();
      return createElement('section', { 'aria-label': `wrapped at ${pathname}` }, children);
    }
    const { bus } = await renderRemote(createElement(Colour), {
      route: '/card/set',
      stored: { RECEIPT: 'token-1' },
      wrapper: Wrapper,
    });
    expect(screen.getByTestId('colour').textContent).toBe('#07C160');
    expect(screen.getByRole('region', { name: 'wrapped at /card/set' })).toBeTruthy();
    expect(window.localStorage.getItem('RECEIPT')).toBe('token-1');

    const heard: Array<EventMap['toast']> = [];
    getBus().subscribe('toast', (toast) => heard.push(toast));
    act(() => bus.publish('toast', { kind: 'info', messageKey: 'x' }));
    expect(heard).toEqual([{ kind: 'info', messageKey: 'x' }]);

    // jest.setup.web.ts resets the bus before every test: the next test gets a new one.
    resetBus();
    expect(getBus().id).not.toBe(bus.id);
  });
});
