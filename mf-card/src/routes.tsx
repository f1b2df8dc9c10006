import * as React from 'react';
import { lazy } from 'react';
import { keptLoader, lazyKept, registerRuntime, type RemoteRoute, type RoutePrefetch } from 'shared-contracts';
import { CardPage } from './features/card/components/CardPage';
import { prefetchCard } from './features/card/lib/card-prefetch';
import { prefetchCardList } from './features/home/api';
import { prefetchRecords } from './features/packages/hooks/use-records';
import { remote } from './lib/remote';
import { moreText } from './lib/text-more';

// The card page (the route phones open most) comes with this module; the others load when visited.
const ScanPage = lazy(() => import('./features/scan/components/ScanPage').then((m) => ({ default: m.ScanPage })));
// Kept loaders (lazyKept): a page rendered on the server hydrates in its first render once its code is in.
const loadHomePage = keptLoader(() => import(/* webpackChunkName: "card-list-page" */ './features/home/HomePage'));
const HomePage = lazyKept(loadHomePage, (m) => m.HomePage);
const CardSettingsPage = lazy(() =>
  import('./features/card-settings/components/CardSettingsPage').then((m) => ({ default: m.CardSettingsPage })),
);
const loadPackagesPage = keptLoader(
  () => import(/* webpackChunkName: "pkg-page" */ './features/packages/components/PackagesPage'),
);
const PackagesPage = lazyKept(loadPackagesPage, (m) => m.PackagesPage);

// Proves at run time that this remote runs on the page's one React and one bus.
registerRuntime('mf_card', { react: React });

/**
 * A route's prefetch: the strings its first view shows load at once, in the page's language (the shell holds its
 * first render until they are in, so the page renders once), beside what the route itself starts. The card page
 * shows only 'card' text at first; the other pages also show 'cardMore' text (lib/text-more).
 */
const withStrings =
  (
    start: (page: RoutePrefetch) => void | Promise<unknown> = () => undefined,
    { more = true, code }: { more?: boolean; code?: () => Promise<unknown> } = {},
  ) =>
  (page: RoutePrefetch) => {
    // What the route starts may be waited for (the card list's widgets, on the server: home/widgets.ts).
    const started = start(page);
    // `code`: the page's own chunk, waited for too (a lazy page shows nothing without it; on a server-rendered page
    // it then hydrates in the first render, lazyKept).
    return Promise.all([
      started,
      remote.loadNamespace(page.lang),
      more ? moreText.loadNamespace(page.lang) : undefined,
      code?.().catch(() => undefined),
    ]);
  };

/** mf_card/routes: the paths of the shell's route table this remote owns. */
const routes: RemoteRoute[] = [
  { path: '/', Component: ScanPage, prefetch: withStrings() },
  // The card's first calls start while the page still loads (the shell calls prefetch at start-up).
  { path: '/:flag/:iccid', Component: CardPage, prefetch: withStrings(prefetchCard, { more: false }) },
  // The card list and /pkg: their page's code and first call start while the page still loads.
  {
    path: '/eshop/card/list',
    Component: HomePage,
    prefetch: withStrings(prefetchCardList, { code: loadHomePage }),
  },
  { path: '/card/set', Component: CardSettingsPage, prefetch: withStrings() },
  {
    path: '/pkg',
    Component: PackagesPage,
    prefetch: withStrings(prefetchRecords, { code: loadPackagesPage }),
  },
];

export default routes;
