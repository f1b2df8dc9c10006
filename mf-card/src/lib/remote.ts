import { createRemoteUi, type Bundle } from 'shared-contracts/ui';

/** mf_card: data-remote of its page frames, namespace 'card' (src/locales/<lang>.json, one chunk per language). */
export const remote = createRemoteUi(
  'mf_card',
  'card',
  (lang) =>
    import(
      /* webpackChunkName: "card-locale-[request]", webpackExclude: /[\\/]locales[\\/]more[\\/]/ */ `../locales/${lang}.json`
    ).then((module: { default: Bundle }) => module.default),
  process.env.BUILD_LABEL,
);

export const { PageFrame, useRemoteTranslation } = remote;

// Text the card route does not show at first lives in the 'cardMore' namespace (lib/text-more.ts), whose loader
// only the screens and dialogs that use it carry.
