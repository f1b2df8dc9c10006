import * as React from 'react';
import { lazy } from 'react';
import { registerRuntime, type RemoteRoute } from 'shared-contracts';
import { CardPage } from './features/card/components/CardPage';
import { prefetchCard } from './features/card/lib/card-prefetch';
import { prefetchCardList } from './features/home/api';
import { prefetchRecords } from './features/packages/hooks/use-records';

// The card page (the route phones open most) comes with this module; the others load when visited.
const ScanPage = lazy(() => import('./features/scan/components/ScanPage').then((m) => ({ default: m.ScanPage })));
const loadHomePage = () => import('./features/home/HomePage');
const HomePage = lazy(() => loadHomePage().then((m) => ({ default: m.HomePage })));
const CardSettingsPage = lazy(() =>
  import('./features/card-settings/components/CardSettingsPage').then((m) => ({ default: m.CardSettingsPage })),
);
const loadPackagesPage = () => import('./features/packages/components/PackagesPage');
const PackagesPage = lazy(() => loadPackagesPage().then((m) => ({ default: m.PackagesPage })));

// Proves at run time that this remote runs on the page's one React and one bus.
registerRuntime('mf_card', { react: React });

/** mf_card/routes: the paths of the shell's route table this remote owns. */
const routes: RemoteRoute[] = [
  { path: '/', Component: ScanPage },
  // The card's first calls start while the page still loads (the shell calls prefetch at start-up).
  { path: '/:flag/:iccid', Component: CardPage, prefetch: prefetchCard },
  // The card list and /pkg: their page's code and first call start while the page still loads.
  {
    path: '/eshop/card/list',
    Component: HomePage,
    prefetch: () => {
      void loadHomePage();
      prefetchCardList();
    },
  },
  { path: '/card/set', Component: CardSettingsPage },
  {
    path: '/pkg',
    Component: PackagesPage,
    prefetch: (page) => {
      void loadPackagesPage();
      prefetchRecords(page);
    },
  },
];

export default routes;
