/**
 * @jest-environment jsdom
 */
// useInitialCall as a loading hook uses it: its first state from the page's answers (server-side rendering), no
// load for what the page came with (also not in a development double effect), a load for anything else.
import './testing/text-encoding';
import { act, createElement, StrictMode, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useInitialCall } from './initial-call';
import { callKey, forgetInitialResults, peekInitialResult, seedInitialResults } from './request-scope';

type State = { status: 'loading' } | { status: 'ready'; name: string };
const loads: string[] = [];

/** A loading hook like mf-card's usePackages, on a call the page may have answered. */
function useName(iccid: string): State {
  const [state, setState, loadedWithPage] = useInitialCall<State>(
    iccid,
    () => {
      const seeded = peekInitialResult('getCard', { iccid });
      return seeded?.ok ? { status: 'ready', name: (seeded.data as { name: string }).name } : null;
    },
    { status: 'loading' },
  );
  useEffect(() => {
    if (loadedWithPage(iccid)) return;
    loads.push(iccid);
    setState({ status: 'ready', name: `loaded ${iccid}` });
  }, [iccid, loadedWithPage, setState]);
  return state;
}

const rendered: string[] = [];
function Probe({ iccid }: { iccid: string }) {
  const state = useName(iccid);
  const text = state.status === 'ready' ? state.name : 'loading';
  rendered.push(text);
  return createElement('p', null, text);
}

let container: HTMLElement;
let root: Root;
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
beforeEach(() => {
  loads.length = 0;
  rendered.length = 0;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  forgetInitialResults();
});

/** The page's seed: a getCard answer with a name (only what this test reads). */
const seedName = (iccid: string, name: string) =>
  seedInitialResults({
    [callKey('getCard', { iccid })]: { ok: true, code: 10000, data: { name } },
  } as unknown as Parameters<typeof seedInitialResults>[0]);

const show = (iccid: string) =>
  act(async () => root.render(createElement(StrictMode, null, createElement(Probe, { iccid }))));

it('starts from the answer the page came with, and does not load it again (StrictMode double effect too)', async () => {
  seedName('1', 'from page');
  await show('1');
  expect(rendered[0]).toBe('from page');
  expect(container.textContent).toBe('from page');
  expect(loads).toEqual([]);
});

it('loads what the page did not come with, and loads again when it changes back', async () => {
  seedName('1', 'from page');
  await show('1');
  await show('2');
  expect(container.textContent).toBe('loaded 2');
  await show('1');
  expect(container.textContent).toBe('loaded 1');
  expect(loads.filter((iccid) => iccid === '1').length).toBeGreaterThan(0);
});

it('without answers in the page: the loading state first, then the load', async () => {
  await show('3');
  expect(rendered[0]).toBe('loading');
  expect(container.textContent).toBe('loaded 3');
  expect(loads).toContain('3');
});
