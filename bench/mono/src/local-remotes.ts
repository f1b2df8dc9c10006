// Without federation, the two ways the shell and the remotes reach each other's code still work:
// - routes: the shell's AppProviders takes a routes loader (its test seam); this one answers from the bundle;
// - widgets and the checkout sheet: mf-card and the shell ask the federation runtime (getInstance/loadRemote).
//   A runtime-only instance (the runtime is in the shell's code either way) gets a `loadEntry` plugin that answers
//   every remote with an in-bundle container, so nothing is fetched from another origin.
import { init, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

import { registerRemotesFromManifest, ROUTES, WIDGETS, type RemoteName, type RemoteRoutesLoader } from './parts';

export const bundledRoutesLoader: RemoteRoutesLoader = {
  async load(remote: RemoteName) {
    const routes = ROUTES[remote];
    if (!routes) throw new Error(`${remote} is not in this bundle`);
    return routes;
  },
  reset() {},
};

const bundledContainers: ModuleFederationRuntimePlugin = {
  name: 'mono-bundled-containers',
  loadEntry({ remoteInfo }) {
    const exposes = WIDGETS[remoteInfo.name] ?? {};
    return {
      init: async () => undefined,
      get: async (expose: string) => {
        const load = exposes[expose];
        if (!load) throw new Error(`${remoteInfo.name}/${expose} is not in this bundle`);
        const module = await load();
        return () => module;
      },
    };
  },
};

/** Registers every remote under a name-only address that the plugin above answers. */
export function registerBundledRemotes(): void {
  init({ name: 'shell', remotes: [], shareStrategy: 'loaded-first', plugins: [bundledContainers] });
  const origin = window.location.origin;
  // Nothing is fetched from another origin (the plugin answers every remote from this bundle): nothing to pin.
  registerRemotesFromManifest({
    remotes: Object.fromEntries(Object.keys(ROUTES).map((name) => [name, `${origin}/bundled/${name}/entry.js`])),
    integrity: { mode: 'off', manifests: {} },
  });
}
