import { createRemoteUi, type Bundle } from 'shared-contracts/ui';

/** mf_esim: data-remote of its page frames, namespace 'esim' (src/locales/<lang>.json, one chunk per language). */
export const remote = createRemoteUi(
  'mf_esim',
  'esim',
  (lang) =>
    import(/* webpackChunkName: "esim-locale-[request]" */ `../locales/${lang}.json`).then(
      (module: { default: Bundle }) => module.default,
    ),
  process.env.BUILD_LABEL,
);

export const { PageFrame, useRemoteTranslation } = remote;
