/** Federation names of the five remotes (platform.md). */
export const REMOTE_NAMES = ['mf_card', 'mf_pool', 'mf_esim', 'mf_account', 'mf_checkout'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && (REMOTE_NAMES as ReadonlyArray<string>).includes(value);
}

/** GET /remotes.json: federation name -> mf-manifest.json URL of the build currently live. */
export type RemotesManifest = Partial<Record<RemoteName, string>>;

/**
 * The remotes map's `integrity` (tools/build/host/remotes-manifest.mjs): remote code is pinned at deploy. 'required':
 * a remote loads only when its manifest matches the hash pinned here and every script matches the hash that manifest
 * names; 'off' only where the host says so explicitly (development).
 */
export interface RemoteIntegrity {
  mode: 'required' | 'off';
  /** Each remote's mf-manifest.json pinned by the deploy: SRI hash (sha384-<base64>). */
  manifests: Partial<Record<RemoteName, string>>;
}

/** The remotes map as the shell reads it: where each remote is, and what its code must hash to. */
export interface RemotesMap {
  remotes: RemotesManifest;
  integrity: RemoteIntegrity;
}
