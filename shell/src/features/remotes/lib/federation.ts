import { getInstance, init, registerGlobalPlugins, type ModuleFederation } from '@module-federation/enhanced/runtime';
import { getRemotesManifest } from '../api/get-remotes-manifest';
import { offlineRemotePlugin, isUnavailableModule } from './offline-remote-plugin';
import { PinnedRemotes } from './pinned-remotes';
import { remoteIntegrityPlugin } from './remote-integrity-plugin';
import { shortTasksPlugin } from './short-tasks-plugin';
import { type RemoteName, type RemotesManifest, type RemotesMap } from './remote-names';

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    reason: string,
  ) {
    super(`${remote} is unavailable: ${reason}`);
    this.name = 'RemoteUnavailableError';
  }
}

let federation: ModuleFederation | null = null;
let entries: RemotesManifest = {};
let manifestPromise: Promise<RemotesMap> | null = null;
const failed = new Set<RemoteName>();
const pins = new PinnedRemotes();

/**
 * The shell's federation instance: the one the webpack plugin created, or (tests, plain pages) a runtime-only one.
 * The integrity, offline and short-task plugins are registered once on it; the integrity plugin also on every
 * instance created after it (the remotes' own, which load their chunks through its createScript hook).
 */
export function getFederation(): ModuleFederation {
  if (federation) return federation;
  federation =
    getInstance() ??
    getInstance((instance) => instance.name === 'shell') ??
    init({ name: 'shell', remotes: [], shareStrategy: 'loaded-first' });
  const integrity = remoteIntegrityPlugin(pins);
  registerGlobalPlugins([integrity]);
  federation.registerPlugins([integrity, offlineRemotePlugin(), shortTasksPlugin()]);
  return federation;
}

/** Registers every remote of the map (name -> mf-manifest.json URL) with the runtime, and the map's pins. */
export function registerRemotesFromManifest({ remotes, integrity }: RemotesMap): void {
  pins.pin(remotes, integrity);
  const fresh = Object.entries(remotes).filter(([name]) => !entries[name as RemoteName]);
  entries = { ...entries, ...remotes };
  if (fresh.length) getFederation().registerRemotes(fresh.map(([name, entry]) => ({ name, entry })));
}

/**
 * Fetches /remotes.json once (started by bootstrap, awaited by the first remote load). A failed fetch is
 * forgotten, so a retry in a remote's area asks again.
 */
export function ensureRemotesManifest(url?: string): Promise<RemotesMap> {
  manifestPromise ??= getRemotesManifest(url).then(
    (manifest) => {
      registerRemotesFromManifest(manifest);
      return manifest;
    },
    (error: unknown) => {
      manifestPromise = null;
      throw error;
    },
  );
  return manifestPromise;
}

/** Loads an exposed module; a remote that cannot be reached rejects with RemoteUnavailableError. */
export async function loadRemoteModule<T>(remote: RemoteName, expose: string): Promise<T> {
  try {
    await ensureRemotesManifest();
  } catch (error) {
    throw new RemoteUnavailableError(remote, `remotes manifest: ${String(error)}`);
  }
  if (!entries[remote]) throw new RemoteUnavailableError(remote, 'not in the remotes manifest');
  let loaded: unknown;
  try {
    loaded = await getFederation().loadRemote<T>(`${remote}/${expose.replace(/^\.\//, '')}`);
  } catch (error) {
    failed.add(remote);
    throw new RemoteUnavailableError(remote, error instanceof Error ? error.message : String(error));
  }
  if (loaded == null || isUnavailableModule(loaded)) {
    failed.add(remote);
    throw new RemoteUnavailableError(remote, isUnavailableModule(loaded) ? loaded.reason : 'empty module');
  }
  return loaded as T;
}

/**
 * Before a retry: a remote that failed is registered again with force, which drops the runtime's cached
 * manifest, entry and loading promises so the next load really goes to the network.
 */
export function resetRemote(remote: RemoteName): void {
  const entry = entries[remote];
  if (!entry || !failed.has(remote)) return;
  failed.delete(remote);
  pins.retry(entry);
  getFederation().registerRemotes([{ name: remote, entry }], { force: true });
}

/** Tests only: forget manifest and registrations between cases. */
export function resetFederationForTests(): void {
  entries = {};
  manifestPromise = null;
  failed.clear();
  pins.forget();
}
