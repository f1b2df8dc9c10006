import { type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { integrityOf, type PinnedRemotes, REFUSED_INTEGRITY, RemoteIntegrityError } from './pinned-remotes';

// Remote code is pinned, and refused when it does not match (ARCHITECTURE). In every federation instance of the
// shell's page (registered globally, so remotes' own instances have it too):
//   - fetch: a remote's mf-manifest.json is checked against the hash pinned for it in the remotes map (SubtleCrypto);
//     no pin, or another hash, and the remote is refused (errorLoadRemote: its fallback shows, with Retry);
//   - createScript / createLink: a remote's entry, its chunks (its webpack runtime asks this hook for each chunk:
//     tools/build/webpack/integrity.mjs) and the runtime's preloads get `integrity` (the hash the checked manifest
//     names) and crossorigin="anonymous"; a file without one gets an integrity no file has, so the browser refuses it.
//     After a Retry of the remote its files come from a fresh address (PinnedRemotes.addressOf), so a refused copy
//     the page still holds is not used again.
// With the map's `integrity.mode` 'off' (development only) nothing is checked.

type Attributes = Record<string, unknown> | undefined;

/** A script or link for a remote file, with its pinned integrity (or the refusal) and CORS mode. */
function pinnedElement<K extends 'script' | 'link'>(tag: K, url: string, attrs: Attributes, integrity?: string) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (name === 'integrity' || name === 'crossorigin' || (tag === 'script' && name === 'type')) continue;
    if ((name === 'async' || name === 'defer') && element instanceof HTMLScriptElement) element[name] = Boolean(value);
    else if (value !== undefined && value !== null && value !== false) element.setAttribute(name, String(value));
  }
  if (element instanceof HTMLScriptElement) element.type = attrs?.type === 'module' ? 'module' : 'text/javascript';
  element.setAttribute('crossorigin', 'anonymous');
  element.setAttribute('integrity', integrity ?? REFUSED_INTEGRITY);
  element.setAttribute(tag === 'script' ? 'src' : 'href', url);
  return element;
}

/** A remote's manifest, answered only when its bytes match the pin; its file hashes are trusted from then on. */
async function checkedManifest(
  pins: PinnedRemotes,
  url: string,
  init: RequestInit,
  subtle?: SubtleCrypto,
): Promise<Response> {
  const pin = pins.manifestPin(url);
  if (!pin) throw new RemoteIntegrityError(`${url} has no pinned hash in the remotes map: refused`);
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const answer = response.clone();
  const bytes = await response.arrayBuffer();
  if ((await integrityOf(bytes, subtle)) !== pin) {
    throw new RemoteIntegrityError(`${url} does not match the hash pinned for it: refused`);
  }
  pins.trust(url, JSON.parse(new TextDecoder().decode(bytes)) as unknown);
  return answer;
}

/** `subtle`: SubtleCrypto (the page's by default). */
export function remoteIntegrityPlugin(pins: PinnedRemotes, subtle?: SubtleCrypto): ModuleFederationRuntimePlugin {
  return {
    name: 'eshop-remote-integrity',
    fetch(url, init) {
      if (!pins.required) return undefined;
      return checkedManifest(pins, url, init, subtle);
    },
    createScript({ url, attrs }) {
      if (!pins.required) return undefined;
      return pinnedElement('script', pins.addressOf(url), attrs, pins.fileIntegrity(url));
    },
    createLink({ url, attrs }) {
      if (!pins.required) return undefined;
      return pinnedElement('link', pins.addressOf(url), attrs, pins.fileIntegrity(url));
    },
  };
}
