/**
 * @jest-environment jsdom
 */
// A widget of another remote on a server-rendered page: the server draws its stand-in; hydrating keeps that stand-in's
// nodes, and the widget takes its place once its code is in, without the stand-in being drawn again on the way. A
// page the browser renders itself loads the widget from its first render.
import '../testing/text-encoding';
import { act, createElement, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { RemoteWidget, resetRemoteWidgets } from './federation';

let mockResolveWidget: (component: ComponentType<{ name: string }>) => void = () => undefined;
const mockLoadRemote = jest.fn(
  () =>
    new Promise<{ default: ComponentType<{ name: string }> }>((resolve) => {
      mockResolveWidget = (component) => resolve({ default: component });
    }),
);
jest.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: () => ({ name: 'shell', options: { remotes: [{ name: 'mf_pool' }] }, loadRemote: mockLoadRemote }),
}));

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  document.body.innerHTML = '';
  resetRemoteWidgets();
  mockLoadRemote.mockClear();
});

const PoolCard = ({ name }: { name: string }) => createElement('article', { 'data-testid': 'pool' }, `Pool ${name}`);
const page = () =>
  createElement(
    'main',
    null,
    createElement(RemoteWidget<{ name: string }>, {
      id: 'mf_pool/PoolCard',
      props: { name: 'Family' },
      fallback: createElement('a', { href: '/pool/1', 'data-testid': 'stand-in' }, 'Family'),
    }),
  );

it('hydrates the server’s stand-in in place and swaps in the widget once its code is in', async () => {
  const html = renderToString(page());
  expect(html).toContain('data-testid="stand-in"');
  expect(mockLoadRemote).not.toHaveBeenCalled();
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  const standIn = root.querySelector('[data-testid="stand-in"]');
  const onRecoverableError = jest.fn();
  await act(async () => {
    hydrateRoot(root, page(), { onRecoverableError });
  });
  expect(onRecoverableError).not.toHaveBeenCalled();
  // The widget's code is asked for; meanwhile the very node the server drew stays, shown.
  expect(mockLoadRemote).toHaveBeenCalledWith('mf_pool/PoolCard');
  expect(root.querySelector('[data-testid="stand-in"]')).toBe(standIn);
  expect(root.querySelectorAll('[data-testid="stand-in"]')).toHaveLength(1);
  expect((standIn as HTMLElement).style.display).not.toBe('none');
  await act(async () => mockResolveWidget(PoolCard));
  expect(root.querySelector('[data-testid="pool"]')?.textContent).toBe('Pool Family');
  expect(root.querySelector('[data-testid="stand-in"]')).toBeNull();
});

it('a page the browser renders itself asks for the widget in its first render', async () => {
  const root = document.createElement('div');
  document.body.append(root);
  await act(async () => createRoot(root).render(page()));
  expect(mockLoadRemote).toHaveBeenCalledWith('mf_pool/PoolCard');
  expect(root.querySelector('[data-testid="stand-in"]')).not.toBeNull();
  await act(async () => mockResolveWidget(PoolCard));
  expect(root.querySelector('[data-testid="pool"]')?.textContent).toBe('Pool Family');
});
