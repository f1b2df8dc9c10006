// Test helper: the page's federation runtime as the shell sets it up (the network boundary of widget loading).
// The runtime lists its instances in a global registry (__FEDERATION__.__INSTANCES__), which its getInstance(finder)
// searches: a test instance added there is found like the shell's.

/** A federation instance named `name` that knows `remotes` and loads their modules with `loadRemote`. */
export interface FederationStub {
  name?: string;
  remotes: string[];
  loadRemote: (id: string) => Promise<unknown>;
}

interface Registry {
  __INSTANCES__?: unknown[];
}

/**
 * Adds a fake instance (default name 'shell') to the page's federation registry; returns the undo. Widgets loaded
 * before stay cached: call resetRemoteWidgets (shared-contracts/ui/federation) so a test loads its own.
 */
export function stubFederation({ name = 'shell', remotes, loadRemote }: FederationStub): () => void {
  const page = globalThis as { __FEDERATION__?: Registry };
  page.__FEDERATION__ ??= {};
  const instances = (page.__FEDERATION__.__INSTANCES__ ??= []);
  const instance = { name, options: { remotes: remotes.map((remote) => ({ name: remote })) }, loadRemote };
  instances.push(instance);
  return () => {
    const index = instances.indexOf(instance);
    if (index >= 0) instances.splice(index, 1);
  };
}
