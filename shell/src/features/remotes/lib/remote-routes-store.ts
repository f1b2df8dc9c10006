import { type RemoteRoute } from 'shared-contracts';
import { loadRemoteModule, resetRemote } from './federation';
import { type RemoteName } from './remote-names';

export interface RemoteRoutesLoader {
  load(remote: RemoteName): Promise<readonly RemoteRoute[]>;
  /** Forget a failed attempt so the next load goes to the network again. */
  reset(remote: RemoteName): void;
}

async function loadRoutes(remote: RemoteName): Promise<readonly RemoteRoute[]> {
  const routesModule = await loadRemoteModule<{ default: readonly RemoteRoute[] }>(remote, './routes');
  if (!Array.isArray(routesModule.default)) throw new Error(`${remote}/routes has no route list`);
  return routesModule.default;
}

/** A promise as React's `use` reads it: once settled, `use` answers in the same render instead of suspending. */
type Tracked<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

function tracked<T>(promise: Promise<T>): Promise<T> {
  const marked = promise as Tracked<T>;
  promise.then(
    (value) => {
      marked.status = 'fulfilled';
      marked.value = value;
    },
    (reason: unknown) => {
      marked.status = 'rejected';
      marked.reason = reason;
    },
  );
  return promise;
}

const loaders = new Set<Map<RemoteName, Promise<readonly RemoteRoute[]>>>();

/**
 * One load per remote for the page's lifetime, shared by the start-up's prefetch (app/routes/prefetch.ts) and the
 * first render of the remote's area; a failed one is forgotten, and a retry (reset) starts afresh. A load that came
 * in before the first render (the start-up waits for it) is read by that render without suspending.
 */
export function loadOnce(loader: RemoteRoutesLoader): RemoteRoutesLoader {
  const loading = new Map<RemoteName, Promise<readonly RemoteRoute[]>>();
  loaders.add(loading);
  return {
    load(remote) {
      let promise = loading.get(remote);
      if (!promise) {
        promise = tracked(loader.load(remote));
        loading.set(remote, promise);
        promise.catch(() => loading.delete(remote));
      }
      return promise;
    },
    reset(remote) {
      loading.delete(remote);
      loader.reset(remote);
    },
  };
}

/** The real loader: `<remote>/routes` through the federation runtime. */
export const federationRoutesLoader: RemoteRoutesLoader = loadOnce({ load: loadRoutes, reset: resetRemote });

/** Tests only. */
export function forgetRemoteRoutes(): void {
  for (const loading of loaders) loading.clear();
}

/**
 * One promise per remote, kept while it is pending or fulfilled so React's `use` sees a stable promise and a
 * remote is loaded once however many of its routes are visited; a retry drops it.
 */
export function createRemoteRoutesStore(loader: RemoteRoutesLoader) {
  const promises = new Map<RemoteName, Promise<readonly RemoteRoute[]>>();
  return {
    routes(remote: RemoteName): Promise<readonly RemoteRoute[]> {
      let promise = promises.get(remote);
      if (!promise) {
        promise = loader.load(remote);
        promises.set(remote, promise);
      }
      return promise;
    },
    retry(remote: RemoteName): void {
      promises.delete(remote);
      loader.reset(remote);
    },
  };
}

export type RemoteRoutesStore = ReturnType<typeof createRemoteRoutesStore>;
