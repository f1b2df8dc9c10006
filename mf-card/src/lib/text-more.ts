import { createRemoteI18n, type Bundle } from 'shared-contracts/ui';

/**
 * 'cardMore': every mf-card text the card route does not show at first (src/locales/more/<lang>.json): the card
 * list home with its banners, pop-ups and gift; scan/home, /pkg and /card/set; the card page's dialogs. One file
 * per language, fetched when the first such screen or dialog renders: one chunk instead of one per screen keeps
 * the remote entry's chunk list (which every card page downloads) short.
 */
// Named (cardmore-strings-<lang>-json.<hash>.js) so the site host can preload a language's file with a route's first
// view (webpack.config.mjs firstView); not "-locale-", which the host reads as the route chunk's own strings.
export const moreText = createRemoteI18n('cardMore', (lang) =>
  import(/* webpackChunkName: "cardmore-strings-[request]" */ `../locales/more/${lang}.json`).then(
    (module: { default: Bundle }) => module.default,
  ),
);
