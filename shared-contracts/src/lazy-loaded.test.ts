/**
 * @jest-environment jsdom
 */
// lazyKept as a server-rendered page sees it: a part whose code is already in hydrates in the first render (its
// server HTML kept even when an update comes at once); a part whose code is not in loads as React.lazy does.
import './testing/text-encoding';
import { act, createElement, Suspense, useState, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { keptLoader, lazyKept } from './lazy-loaded';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

const Part = ({ label }: { label: string }) => createElement('b', null, label);
const partModule = { Part };

describe('keptLoader', () => {
  it('loads once, keeps the module, and tries again after a failure', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(partModule);
    const kept = keptLoader<typeof partModule>(load);
    expect(kept.loaded()).toBeUndefined();
    await expect(kept()).rejects.toThrow('offline');
    expect(kept.loaded()).toBeUndefined();
    await expect(kept()).resolves.toBe(partModule);
    await kept();
    expect(load).toHaveBeenCalledTimes(2);
    expect(kept.loaded()).toBe(partModule);
  });
});

describe('lazyKept', () => {
  it('hydrates a part whose code is in, keeping the server HTML, and takes later updates in place', async () => {
    const kept = keptLoader(async () => partModule);
    await kept();
    const Lazy = lazyKept(kept, (m) => m.Part as ComponentType<{ label: string }>);
    let bump: () => void = () => undefined;
    function Page() {
      const [n, setN] = useState(0);
      bump = () => setN((value) => value + 1);
      return createElement(
        Suspense,
        { fallback: createElement('i', null, '…') },
        createElement(Lazy, { label: `part ${n}` }),
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(createElement(Page));
    expect(container.innerHTML).toBe('<!--$--><b>part 0</b><!--/$-->');
    const serverNode = container.querySelector('b');
    const onRecoverableError = jest.fn();
    await act(async () => {
      hydrateRoot(container, createElement(Page), { onRecoverableError });
    });
    // An update (strings arriving, a bus event) re-renders the hydrated part in place.
    await act(async () => bump());
    expect(container.querySelector('b')?.textContent).toBe('part 1');
    expect(container.querySelector('b')).toBe(serverNode);
    expect(onRecoverableError).not.toHaveBeenCalled();
  });

  it('loads a part whose code is not in yet, showing the fallback meanwhile', async () => {
    let resolve: (value: typeof partModule) => void = () => undefined;
    const kept = keptLoader(() => new Promise<typeof partModule>((done) => (resolve = done)));
    const Lazy = lazyKept(kept, (m) => m.Part as ComponentType<{ label: string }>);
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () =>
      root.render(
        createElement(Suspense, { fallback: createElement('i', null, '…') }, createElement(Lazy, { label: 'late' })),
      ),
    );
    expect(container.textContent).toBe('…');
    await act(async () => resolve(partModule));
    expect(container.innerHTML).toBe('<b>late</b>');
    expect(kept.loaded()).toBe(partModule);
    act(() => root.unmount());
  });
});
