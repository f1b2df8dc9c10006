import { type RemoteRoutesLoader } from '../../features/remotes/lib/remote-routes-store';
import { nextTask } from '../../lib/next-task';
import { resolveRoute } from './table';

/**
 * At start-up, before the first render: the remote owning the address starts loading (its files are already on the
 * way, the host preloads them), and once it is in, its route's `prefetch` starts the route's first data calls, so
 * code, strings and data come in parallel instead of one after another.
 *
 * Settles (never rejects) once the route's first view has what it needs: the remote's routes, and what the route's
 * prefetch said it waits for (its strings), or at once when there is no such route. Failures are left to the first
 * render, which reports them in the remote's area as usual.
 */
export function prefetchRoute(
  loader: RemoteRoutesLoader,
  location: { pathname: string; search: string },
  lang: string,
): Promise<void> {
  const route = resolveRoute(location.pathname, location.search);
  if (!route) return Promise.resolve();
  return loader.load(route.owner).then(
    async (routes) => {
      const own = routes.find((candidate) => candidate.path === route.entry.path);
      // The remote's code came in the task that evaluated it (its routes module and what that imports): the route's
      // calls, strings and chunks start in the next one, not in the same long task (measured on the card page: 23 ms
      // as one task here, about half of it the prefetch).
      await nextTask();
      try {
        await own?.prefetch?.({ params: route.params, search: new URLSearchParams(location.search), lang });
      } catch (error) {
        console.warn(`[shell] ${route.owner} prefetch of ${route.entry.path} failed`, error);
      }
    },
    () => undefined,
  );
}

/** `promise`, or nothing more to wait for after `ms`: whichever comes first (never rejects). */
export function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
}
