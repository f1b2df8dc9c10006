import { createRemoteUi, type Bundle } from 'shared-contracts/ui';

/** mf_account: data-remote of its page frames, namespace 'account' (src/locales/<lang>.json, one chunk per language). */
export const remote = createRemoteUi(
  'mf_account',
  'account',
  (lang) =>
    import(/* webpackChunkName: "account-locale-[request]" */ `../locales/${lang}.json`).then(
      (module: { default: Bundle }) => module.default,
    ),
  process.env.BUILD_LABEL,
);

export const { PageFrame, useRemoteTranslation } = remote;
