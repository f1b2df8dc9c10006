import { createRemoteI18n, type Bundle } from 'shared-contracts/ui';

/**
 * 'cardMore': every mf-card text the card route does not show at first (src/locales/more/<lang>.json): the card
 * list home with its banners, pop-ups and gift; scan/home, /pkg and /card/set; the card page's dialogs. One file
 * per language, fetched when the first such screen or dialog renders: one chunk instead of one per screen keeps
 * the remote entry's chunk list (which every card page downloads) short.
 */
export const moreText = createRemoteI18n('cardMore', (lang) =>
  import(/* webpackChunkName: "cardmore-locale-[request]" */ `../locales/more/${lang}.json`).then(
    (module: { default: Bundle }) => module.default,
  ),
);
