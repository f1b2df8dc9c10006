import { createRemoteI18n, type Bundle } from 'shared-contracts/ui';

/** 'cardPages': scan/home, purchased packages (/pkg), SIM card settings (/card/set) (src/locales/pages/). */
export const pagesText = createRemoteI18n('cardPages', (lang) =>
  // No chunk name: the remote entry lists every chunk, and unnamed ones cost it a short id only.
  import(`../locales/pages/${lang}.json`).then((module: { default: Bundle }) => module.default),
);
