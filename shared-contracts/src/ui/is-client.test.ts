/**
 * @jest-environment jsdom
 */
// useIsClient as a component sees it: false on the server and in the render that hydrates the server's HTML (so
// both render the same), true once the page has hydrated (drawn again in a later task, in a transition) and in any
// client-only render.
import '../testing/text-encoding';
import { act, createElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beginHydration, resetHydration } from '../hydration';
import { useIsClient } from './is-client';

const seen: boolean[] = [];
function Probe() {
  const client = useIsClient();
  seen.push(client);
  return createElement('span', null, client ? 'client' : 'server');
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  seen.length = 0;
  document.body.innerHTML = '';
  resetHydration();
});
afterEach(() => jest.useRealTimers());

it('is false while rendering on the server', () => {
  expect(renderToString(createElement(Probe))).toBe('<span>server</span>');
  expect(seen).toEqual([false]);
});

it('is false in the hydrating render, then true in a later task, without a hydration error', async () => {
  jest.useFakeTimers();
  const container = document.createElement('div');
  container.innerHTML = renderToString(createElement(Probe));
  document.body.append(container);
  const serverSpan = container.firstChild;
  seen.length = 0;
  const onRecoverableError = jest.fn();
  beginHydration();
  await act(async () => {
    hydrateRoot(container, createElement(Probe), { onRecoverableError });
  });
  // Hydrated, effects run: nothing drawn again in that task (React would have, synchronously, had the value changed).
  expect(seen).toEqual([false]);
  expect(container.innerHTML).toBe('<span>server</span>');
  await act(async () => {
    jest.runOnlyPendingTimers();
  });
  expect(seen).toEqual([false, true]);
  expect(container.innerHTML).toBe('<span>client</span>');
  // Hydrated: the server's node is kept, not replaced.
  expect(container.firstChild).toBe(serverSpan);
  expect(onRecoverableError).not.toHaveBeenCalled();
});

it('is true at once in a component first drawn after the page hydrated', async () => {
  jest.useFakeTimers();
  const container = document.createElement('div');
  container.innerHTML = renderToString(createElement(Probe));
  document.body.append(container);
  beginHydration();
  await act(async () => {
    hydrateRoot(container, createElement(Probe));
  });
  await act(async () => {
    jest.runOnlyPendingTimers();
  });
  seen.length = 0;
  const later = document.createElement('div');
  document.body.append(later);
  await act(async () => {
    createRoot(later).render(createElement(Probe));
  });
  expect(seen).toEqual([true]);
});

it('is true from the first render of a client-only root', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    createRoot(container).render(createElement(Probe));
  });
  expect(seen).toEqual([true]);
  expect(container.innerHTML).toBe('<span>client</span>');
});
