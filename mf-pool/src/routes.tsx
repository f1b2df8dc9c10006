import * as React from 'react';
import { lazy } from 'react';
import { registerRuntime, type RemoteRoute } from 'shared-contracts';

// Each page is its own chunk, loaded when its route is visited.
const PoolDetailPage = lazy(() =>
  import('./features/pool-detail/components/PoolDetailPage').then((m) => ({ default: m.PoolDetailPage })),
);
const PoolAddPage = lazy(() =>
  import('./features/pool-add/components/PoolAddPage').then((m) => ({ default: m.PoolAddPage })),
);
const PoolSettingsPage = lazy(() =>
  import('./features/pool-settings/components/PoolSettingsPage').then((m) => ({ default: m.PoolSettingsPage })),
);
const PoolPackagesPage = lazy(() =>
  import('./features/pool-packages/components/PoolPackagesPage').then((m) => ({ default: m.PoolPackagesPage })),
);

// Proves at run time that this remote runs on the page's one React and one bus.
registerRuntime('mf_pool', { react: React });

/** mf_pool/routes: the paths of the shell's route table this remote owns. */
const routes: RemoteRoute[] = [
  { path: '/pool/detail', Component: PoolDetailPage },
  { path: '/pool/add', Component: PoolAddPage },
  { path: '/pool/set', Component: PoolSettingsPage },
  { path: '/pkg', Component: PoolPackagesPage },
];

export default routes;
