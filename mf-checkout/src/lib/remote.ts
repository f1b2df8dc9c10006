import { createRemoteUi, type Bundle } from 'shared-contracts/ui';

/** mf_checkout: data-remote of its page frames, namespace 'checkout' (src/locales/<lang>.json, one chunk per language). */
export const remote = createRemoteUi(
  'mf_checkout',
  'checkout',
  (lang) =>
    import(/* webpackChunkName: "checkout-locale-[request]" */ `../locales/${lang}.json`).then(
      (module: { default: Bundle }) => module.default,
    ),
  process.env.BUILD_LABEL,
);

export const { PageFrame, useRemoteTranslation } = remote;
