import { REMOTES_MAP_ELEMENT_ID } from '../../../lib/remotes-map';
import { isRemoteName, type RemoteIntegrity, type RemotesManifest, type RemotesMap } from '../lib/remote-names';

const SRI = /^sha384-[A-Za-z0-9+/]{64}$/;

function manifestOf(body: unknown): RemotesManifest {
  const manifest: RemotesManifest = {};
  if (typeof body === 'object' && body !== null) {
    for (const [name, entry] of Object.entries(body)) {
      if (isRemoteName(name) && typeof entry === 'string' && entry.length > 0) manifest[name] = entry;
    }
  }
  return manifest;
}

/**
 * The map's pins. Failing closed: only an explicit `mode: 'off'` turns checking off; no `integrity` (a host that
 * pins nothing) leaves every remote unpinned, so each is refused.
 */
function integrityOf(body: unknown): RemoteIntegrity {
  const integrity: unknown =
    typeof body === 'object' && body !== null ? (body as { integrity?: unknown }).integrity : null;
  if (typeof integrity !== 'object' || integrity === null) return { mode: 'required', manifests: {} };
  const { mode, manifests } = integrity as { mode?: unknown; manifests?: unknown };
  if (mode === 'off') return { mode: 'off', manifests: {} };
  const pinned: RemoteIntegrity['manifests'] = {};
  if (typeof manifests === 'object' && manifests !== null) {
    for (const [name, hash] of Object.entries(manifests)) {
      if (isRemoteName(name) && typeof hash === 'string' && SRI.test(hash)) pinned[name] = hash;
    }
  }
  return { mode: 'required', manifests: pinned };
}

const mapOf = (body: unknown): RemotesMap => ({ remotes: manifestOf(body), integrity: integrityOf(body) });

/** The map the page came with: the host knows it at request time, so the page needs no round trip for it. */
export function remotesManifestInPage(doc: Document = document): RemotesMap | null {
  const element = doc.getElementById(REMOTES_MAP_ELEMENT_ID);
  if (!element || element.getAttribute('type') !== 'application/json') return null;
  try {
    const map = mapOf(JSON.parse(element.textContent ?? ''));
    return Object.keys(map.remotes).length > 0 ? map : null;
  } catch {
    return null;
  }
}

/**
 * The remotes map: the one in the page, else GET /remotes.json from the shell host (never cached: a new remote
 * build is live on reload). A page without one: the dev server, the precached page the service worker answers with
 * offline.
 */
export async function getRemotesManifest(url = '/remotes.json'): Promise<RemotesMap> {
  if (url === '/remotes.json') {
    const inPage = remotesManifestInPage();
    if (inPage) return inPage;
  }
  const response = await fetch(url, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`remotes manifest: HTTP ${response.status}`);
  return mapOf(await response.json());
}
