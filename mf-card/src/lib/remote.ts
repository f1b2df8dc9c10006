import { createRemoteUi, type Bundle } from 'shared-contracts/ui';

/** mf_card: data-remote of its page frames, namespace 'card' (src/locales/<lang>.json, one chunk per language). */
export const remote = createRemoteUi('mf_card', 'card', (lang) =>
  import(
    /* webpackChunkName: "card-locale-[request]", webpackExclude: /[\\/]locales[\\/][a-z]+[\\/]/ */ `../locales/${lang}.json`
  ).then((module: { default: Bundle }) => module.default),
);

export const { PageFrame, useRemoteTranslation } = remote;

// Text the card route does not show at first lives in namespaces of their own, each loader in its own module
// (text-home.ts, text-pages.ts, text-modals.ts) so only the screens that use one carry its loader.
