// @ts-check
// The remotes' mf-manifest.json as the shell's host reads them: kept a short while (manifestCache), and read for the
// files a route's first view needs from its owning remote (remoteFirstView) and where the remote's pinned files are
// (pinnedAddresses). @esim/build keeps named chunks' names in their files (__federation_expose_routes.<hash>.js), so
// the manifest's asset lists say which file is which.
import path from 'node:path';

/** How long a remote's manifest is trusted before it is read again (a new build of a remote is live this soon). */
export const MANIFEST_TTL_MS = 2_000;
/** A request never waits longer than this for a manifest the host does not have yet. */
export const MANIFEST_WAIT_MS = 300;

/**
 * @typedef {{ js?: { sync?: string[], async?: string[] } }} Assets
 * @typedef {{ metaData?: { publicPath?: string, remoteEntry?: { name?: string, path?: string } },
 *   exposes?: Array<{ path?: string, name?: string, assets?: Assets }>,
 *   firstView?: Record<string, { js?: string[], byLanguage?: Record<string, string[]> }> }} RemoteManifest
 */

/**
 * A remote's manifest, read at most once per MANIFEST_TTL_MS; a request waits at most MANIFEST_WAIT_MS for a read,
 * and gets null (no preloads) when the read fails or is late.
 */
export function manifestCache(fetchJson = defaultFetchJson, now = Date.now) {
  /** @type {Map<string, { at: number, value: RemoteManifest | null, pending?: Promise<void> }>} */
  const cache = new Map();
  const refresh = (/** @type {string} */ url) => {
    const entry = cache.get(url) ?? { at: 0, value: null };
    if (entry.pending) return entry.pending;
    entry.pending = fetchJson(url).then(
      (value) => {
        cache.set(url, { at: now(), value: /** @type {RemoteManifest} */ (value) });
      },
      () => {
        // Unreadable: no preloads until it answers again (asked again on the next request).
        cache.set(url, { at: 0, value: null });
      },
    );
    cache.set(url, entry);
    return entry.pending;
  };
  return {
    /** @param {string} url @returns {Promise<RemoteManifest | null>} */
    async get(url) {
      const entry = cache.get(url);
      if (entry && now() - entry.at < MANIFEST_TTL_MS) return entry.value;
      // Older: read again, and use only what that read says. A copy from before could name the files of a remote
      // that has since gone down, and a failed preload of a script poisons the shell's later Retry of it.
      const pending = refresh(url);
      let timer;
      const late = new Promise((resolve) => {
        timer = setTimeout(resolve, MANIFEST_WAIT_MS);
      });
      const read = await Promise.race([pending.then(() => true), late.then(() => false)]);
      clearTimeout(timer);
      return read ? (cache.get(url)?.value ?? null) : null;
    },
    /** Reads every manifest now (host start), so the first page already has them. */
    warm(/** @type {string[]} */ urls) {
      for (const url of urls) void refresh(url);
    },
  };
}

/** @param {string} url */
async function defaultFetchJson(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

/**
 * The files of a remote the route's first view needs, as absolute URLs. `fetch`: its manifest, which the shell's
 * federation runtime fetches first (cors, no credentials). `scripts`: its remoteEntry.js, its expose chunk, its
 * strings chunk of the language and the route's first-screen chunks (the manifest's firstView). The manifest alone
 * when it does not name its files (an old build), nothing when it could not be read (the remote is down: a failed
 * preload would only stand in the way of the shell's Retry).
 * @param {string} manifestUrl @param {RemoteManifest | null} manifest @param {string} lang
 * @param {string} [route] the route table's path the address matched
 * @returns {{ fetch: string[], scripts: string[] }}
 */
export function remoteFirstView(manifestUrl, manifest, lang, route = '', expose = './routes') {
  if (!manifest) return { fetch: [], scripts: [] };
  if (!manifest.metaData?.remoteEntry?.name) return { fetch: [manifestUrl], scripts: [] };
  const { remoteEntry } = manifest.metaData;
  const base = remoteBase(manifestUrl, manifest);
  const at = (/** @type {string} */ file) => new URL(file, base).href;
  const entryFile = `${remoteEntry.path ? `${remoteEntry.path.replace(/\/$/, '')}/` : ''}${remoteEntry.name}`;
  const exposed = manifest.exposes?.find((item) => item.path === expose || `./${item.name}` === expose);
  const exposeName = expose.replace(/^\.\//, '');
  const sync = exposed?.assets?.js?.sync ?? [];
  const lazy = exposed?.assets?.js?.async ?? [];
  const own = sync.filter((file) => path.basename(file).startsWith(`__federation_expose_${exposeName}.`));
  const strings = lazy.filter((file) => new RegExp(`-locale-${lang}-json\\.[0-9a-f]+\\.js$`).test(file));
  // What the route's first screen loads besides the route chunk, as the remote names it (its manifest's firstView).
  const view = manifest.firstView?.[route];
  const screen = [...(view?.js ?? []), ...(view?.byLanguage?.[lang] ?? [])];
  return {
    fetch: [manifestUrl],
    scripts: [entryFile, ...own, ...strings.slice(0, 1), ...screen].map(at),
  };
}

/** Where a remote's files are: its manifest's publicPath, or beside the manifest ('auto'). */
function remoteBase(/** @type {string} */ manifestUrl, /** @type {RemoteManifest} */ manifest) {
  const publicPath = manifest.metaData?.publicPath ?? 'auto';
  return publicPath === 'auto' ? new URL('.', manifestUrl) : new URL(publicPath, manifestUrl);
}

/** pinnedAddresses' answers by pins object (a deploy or a reload of the pins brings a new one; so does a new manifest). */
/** @type {WeakMap<object, { manifestUrl: string, manifest: RemoteManifest | null, addresses: Map<string, string> }>} */
const pinnedByFiles = new WeakMap();

/**
 * A remote's pinned files by address (file name -> hash, as pinned at deploy, resolved where the remote's files are).
 * Worked out once per pins, manifest address and manifest (every page asks it; mf-card pins 173 files). The caller
 * reads the map, never changes it.
 * @param {string} manifestUrl @param {RemoteManifest | null} manifest @param {Record<string, string>} files
 * @returns {Map<string, string>}
 */
export function pinnedAddresses(manifestUrl, manifest, files) {
  const known = pinnedByFiles.get(files);
  if (known && known.manifestUrl === manifestUrl && known.manifest === manifest) return known.addresses;
  const base = manifest ? remoteBase(manifestUrl, manifest) : new URL('.', manifestUrl);
  const addresses = new Map(Object.entries(files).map(([file, integrity]) => [new URL(file, base).href, integrity]));
  pinnedByFiles.set(files, { manifestUrl, manifest, addresses });
  return addresses;
}
