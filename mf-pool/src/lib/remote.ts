import { createRemoteUi, type Bundle } from 'shared-contracts/ui';

/** mf_pool: data-remote of its page frames, namespace 'pool' (src/locales/<lang>.json, one chunk per language). */
export const remote = createRemoteUi(
  'mf_pool',
  'pool',
  (lang) =>
    import(/* webpackChunkName: "pool-locale-[request]" */ `../locales/${lang}.json`).then(
      (module: { default: Bundle }) => module.default,
    ),
  process.env.BUILD_LABEL,
);

export const { PageFrame, useRemoteTranslation } = remote;
