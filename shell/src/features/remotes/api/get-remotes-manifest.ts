import { REMOTES_MAP_ELEMENT_ID } from '../../../lib/remotes-map';
import { isRemoteName, type RemotesManifest } from '../lib/remote-names';

function manifestOf(body: unknown): RemotesManifest {
  const manifest: RemotesManifest = {};
  if (typeof body === 'object' && body !== null) {
    for (const [name, entry] of Object.entries(body)) {
      if (isRemoteName(name) && typeof entry === 'string' && entry.length > 0) manifest[name] = entry;
    }
  }
  return manifest;
}

/** The map the page came with: the host knows it at request time, so the page needs no round trip for it. */
export function remotesManifestInPage(doc: Document = document): RemotesManifest | null {
  const element = doc.getElementById(REMOTES_MAP_ELEMENT_ID);
  if (!element || element.getAttribute('type') !== 'application/json') return null;
  try {
    const manifest = manifestOf(JSON.parse(element.textContent ?? ''));
    return Object.keys(manifest).length > 0 ? manifest : null;
  } catch {
    return null;
  }
}

/**
 * The remotes manifest: the one in the page, else GET /remotes.json from the shell host (never cached: a new remote
 * build is live on reload). A page without one: the dev server, the precached page the service worker answers with
 * offline.
 */
export async function getRemotesManifest(url = '/remotes.json'): Promise<RemotesManifest> {
  if (url === '/remotes.json') {
    const inPage = remotesManifestInPage();
    if (inPage) return inPage;
  }
  const response = await fetch(url, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`remotes manifest: HTTP ${response.status}`);
  return manifestOf(await response.json());
}
