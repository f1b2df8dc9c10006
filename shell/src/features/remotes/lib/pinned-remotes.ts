import { type RemoteIntegrity, type RemotesManifest } from './remote-names';

// Remote code is pinned (ARCHITECTURE): the remotes map names the hash the deploy pinned for each remote's
// mf-manifest.json; a manifest that matches it names the hash of each of the remote's scripts (its `integrity`,
// written by its build: tools/build/webpack/integrity.mjs). Only what is reached through a pin is trusted.

/**
 * The integrity of a file with no pin: well-formed (sha384 of nothing any file hashes to), so the browser fetches the
 * file, refuses it, and the loader's own error path runs (a malformed one would be ignored, and the file run).
 */
export const REFUSED_INTEGRITY = `sha384-${'A'.repeat(64)}`;

const SRI = /^sha384-[A-Za-z0-9+/]{64}$/;

/** A remote's code that does not match its pin, or has none. */
export class RemoteIntegrityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteIntegrityError';
  }
}

/** The SRI string (sha384) of some bytes, by SubtleCrypto: secure contexts only (https, localhost). */
export async function integrityOf(
  bytes: ArrayBuffer,
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle,
): Promise<string> {
  if (!subtle) throw new RemoteIntegrityError('no SubtleCrypto (not a secure context): remote code cannot be checked');
  const digest = new Uint8Array(await subtle.digest('SHA-384', bytes));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `sha384-${btoa(binary)}`;
}

const absolute = (url: string): string => {
  try {
    return new URL(url, document.baseURI).href;
  } catch {
    return url;
  }
};

interface ManifestFields {
  metaData?: { publicPath?: unknown };
  integrity?: unknown;
}

/** Where a manifest's files are: its publicPath, or beside it ('auto'), as the federation runtime resolves them. */
function baseOf(manifestUrl: string, manifest: ManifestFields): string {
  const publicPath = manifest.metaData?.publicPath;
  return typeof publicPath === 'string' && publicPath !== 'auto'
    ? new URL(publicPath, manifestUrl).href
    : new URL('.', manifestUrl).href;
}

/** The page's pins: the remotes map's, and the file hashes of the manifests that matched them. */
export class PinnedRemotes {
  private mode: RemoteIntegrity['mode'] = 'required';
  private readonly manifests = new Map<string, string>();
  /** File address -> its hash and the manifest that named it. */
  private readonly files = new Map<string, { integrity: string; manifest: string }>();
  /** Manifest address -> how many times its remote was retried. */
  private readonly retries = new Map<string, number>();

  /** The remotes map's pins (the deploy's). Until a map says otherwise, checking is required. */
  pin(remotes: RemotesManifest, integrity: RemoteIntegrity): void {
    this.mode = integrity.mode;
    for (const [name, url] of Object.entries(remotes)) {
      const hash = integrity.manifests[name as keyof RemotesManifest];
      if (url && hash) this.manifests.set(absolute(url), hash);
    }
  }

  get required(): boolean {
    return this.mode !== 'off';
  }

  /** The hash pinned for a manifest address; undefined when the map pins none. */
  manifestPin(url: string): string | undefined {
    return this.manifests.get(absolute(url));
  }

  /** A manifest that matched its pin: from now on the hashes it names for its files are the files' pins. */
  trust(manifestUrl: string, manifest: unknown): void {
    if (typeof manifest !== 'object' || manifest === null) return;
    const fields = manifest as ManifestFields;
    if (typeof fields.integrity !== 'object' || fields.integrity === null) return;
    const from = absolute(manifestUrl);
    const base = baseOf(from, fields);
    for (const [file, hash] of Object.entries(fields.integrity)) {
      if (typeof hash === 'string' && SRI.test(hash))
        this.files.set(new URL(file, base).href, { integrity: hash, manifest: from });
    }
  }

  /** A file's hash, as a manifest that matched its pin names it; undefined when none does. */
  fileIntegrity(url: string): string | undefined {
    return this.files.get(absolute(url))?.integrity;
  }

  /**
   * A Retry of a remote: from now on its files are asked for at an address of their own, past any copy of a refused
   * file the page still holds (a preload of this document, the browser's cache of an immutable file).
   */
  retry(manifestUrl: string): void {
    const manifest = absolute(manifestUrl);
    this.retries.set(manifest, (this.retries.get(manifest) ?? 0) + 1);
  }

  /** Where to load a file from: its address, or after a Retry of its remote, that address with `retry=<n>`. */
  addressOf(url: string): string {
    const file = this.files.get(absolute(url));
    const retried = file ? this.retries.get(file.manifest) : undefined;
    if (!retried) return url;
    const address = new URL(absolute(url));
    address.searchParams.set('retry', String(retried));
    return address.href;
  }

  /** Tests only. */
  forget(): void {
    this.mode = 'required';
    this.manifests.clear();
    this.files.clear();
    this.retries.clear();
  }
}
