import { type RemoteRoute } from 'shared-contracts';
import { loadRemoteModule, resetRemote } from './federation';
import { type RemoteName } from './remote-names';

export interface RemoteRoutesLoader {
  load(remote: RemoteName): Promise<readonly RemoteRoute[]>;
  /** Forget a failed attempt so the next load goes to the network again. */
  reset(remote: RemoteName): void;
}

/** The real loader: `<remote>/routes` through the federation runtime. */
export const federationRoutesLoader: RemoteRoutesLoader = {
  async load(remote) {
    const routesModule = await loadRemoteModule<{ default: readonly RemoteRoute[] }>(remote, './routes');
    if (!Array.isArray(routesModule.default)) throw new Error(`${remote}/routes has no route list`);
    return routesModule.default;
  },
  reset: resetRemote,
};

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
