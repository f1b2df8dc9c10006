import { type RemoteRoute, type RoutePrefetch } from 'shared-contracts';
import { type RemoteRoutesLoader } from '../../features/remotes/lib/remote-routes-store';
import { prefetchRoute, settledWithin } from './prefetch';

const Page = () => null;

function loaderOf(routes: RemoteRoute[] | Error): RemoteRoutesLoader & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    load: async (remote) => {
      asked.push(remote);
      if (routes instanceof Error) throw routes;
      return routes;
    },
    reset: () => undefined,
  };
}

describe('the start-up prefetch of the first route', () => {
  it("calls the owning remote's prefetch with the address, and settles once what it returned is in", async () => {
    let strings: () => void = () => undefined;
    const seen: RoutePrefetch[] = [];
    const prefetch = (page: RoutePrefetch) => {
      seen.push(page);
      return new Promise<void>((resolve) => (strings = resolve));
    };
    const loader = loaderOf([{ path: '/:flag/:iccid', Component: Page, prefetch }]);
    let settled = false;
    const done = prefetchRoute(loader, { pathname: '/2/8988', search: '?ccy=EUR' }, 'de').then(() => {
      settled = true;
    });
    // The remote's routes, then (a task later) the route's prefetch.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loader.asked).toEqual(['mf_card']);
    expect(seen).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ params: { flag: '2', iccid: '8988' }, lang: 'de' });
    expect(seen[0]?.search.get('ccy')).toBe('EUR');
    expect(settled).toBe(false);
    strings();
    await done;
    expect(settled).toBe(true);
  });

  it('settles without failing when the remote cannot load, its prefetch throws or rejects, or there is none', async () => {
    await expect(
      prefetchRoute(loaderOf(new Error('down')), { pathname: '/2/8988', search: '' }, 'en'),
    ).resolves.toBeUndefined();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const throwing = loaderOf([
      {
        path: '/:flag/:iccid',
        Component: Page,
        prefetch: () => {
          throw new Error('bug');
        },
      },
    ]);
    await expect(prefetchRoute(throwing, { pathname: '/2/8988', search: '' }, 'en')).resolves.toBeUndefined();
    const rejecting = loaderOf([
      { path: '/:flag/:iccid', Component: Page, prefetch: () => Promise.reject(new Error('x')) },
    ]);
    await expect(prefetchRoute(rejecting, { pathname: '/2/8988', search: '' }, 'en')).resolves.toBeUndefined();
    warn.mockRestore();
    const none = loaderOf([{ path: '/:flag/:iccid', Component: Page }]);
    await expect(prefetchRoute(none, { pathname: '/2/8988', search: '' }, 'en')).resolves.toBeUndefined();
  });
});

describe('settledWithin', () => {
  it('waits for the promise, or no longer than the limit', async () => {
    jest.useFakeTimers();
    try {
      let late = false;
      void settledWithin(new Promise(() => undefined), 1000).then(() => (late = true));
      await jest.advanceTimersByTimeAsync(999);
      expect(late).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(late).toBe(true);
      await expect(settledWithin(Promise.reject(new Error('x')), 1000)).resolves.toBeUndefined();
    } finally {
      jest.useRealTimers();
    }
  });
});
