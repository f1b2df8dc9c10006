import { isRemoteName, type RemotesManifest } from '../lib/remote-names';

/** The remotes manifest served by the shell host (never cached: a new remote build is live on reload). */
export async function getRemotesManifest(url = '/remotes.json'): Promise<RemotesManifest> {
  const response = await fetch(url, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`remotes manifest: HTTP ${response.status}`);
  const body: unknown = await response.json();
  const manifest: RemotesManifest = {};
  if (typeof body === 'object' && body !== null) {
    for (const [name, entry] of Object.entries(body)) {
      if (isRemoteName(name) && typeof entry === 'string' && entry.length > 0) manifest[name] = entry;
    }
  }
  return manifest;
}
