import { createRemoteI18n, type Bundle } from 'shared-contracts/ui';

/** 'cardHome': the card list home, its widgets, banners, pop-ups, the floating gift (src/locales/home/). */
export const homeText = createRemoteI18n('cardHome', (lang) =>
  // No chunk name: the remote entry lists every chunk, and unnamed ones cost it a short id only.
  import(`../locales/home/${lang}.json`).then((module: { default: Bundle }) => module.default),
);
