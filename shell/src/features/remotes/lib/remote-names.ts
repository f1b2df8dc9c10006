/** Federation names of the five remotes (platform.md). */
export const REMOTE_NAMES = ['mf_card', 'mf_pool', 'mf_esim', 'mf_account', 'mf_checkout'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && (REMOTE_NAMES as ReadonlyArray<string>).includes(value);
}

/** GET /remotes.json: federation name -> mf-manifest.json URL of the build currently live. */
export type RemotesManifest = Partial<Record<RemoteName, string>>;
