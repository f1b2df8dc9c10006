// The e2e run uses its own ports so it never collides with a `pnpm start` already running on the defaults.
export const ports = {
  api: 13000,
  shell: 18080,
  mf_card: 18081,
  mf_pool: 18082,
  mf_esim: 18083,
  mf_account: 18084,
  mf_checkout: 18085,
  partner: 18090,
  /** The local OpenID provider the api's Google configuration points at (tools/oidc-demo). */
  oidc: 18095,
  /** e2e/fixtures/late-remote, deployed in place of mf_pool by the independent-deployment test. */
  late_remote: 18086,
} as const;

const at = (port: number) => `http://localhost:${port}`;

export const origins = {
  api: at(ports.api),
  shell: at(ports.shell),
  mf_card: at(ports.mf_card),
  mf_pool: at(ports.mf_pool),
  mf_esim: at(ports.mf_esim),
  mf_account: at(ports.mf_account),
  mf_checkout: at(ports.mf_checkout),
  partner: at(ports.partner),
  // The provider's issuer is exactly this URL (it listens on the loopback address only).
  oidc: `http://127.0.0.1:${ports.oidc}`,
  late_remote: at(ports.late_remote),
} as const;

export type RemoteName = 'mf_card' | 'mf_pool' | 'mf_esim' | 'mf_account' | 'mf_checkout';
export const remoteDirs: Record<RemoteName, string> = {
  mf_card: 'mf-card',
  mf_pool: 'mf-pool',
  mf_esim: 'mf-esim',
  mf_account: 'mf-account',
  mf_checkout: 'mf-checkout',
};
