import * as React from 'react';
import { lazy } from 'react';
import { registerRuntime, type RemoteRoute } from 'shared-contracts';

// Each page is its own chunk, loaded when its route is visited.
const EsimShopPage = lazy(() =>
  import('./features/esim-shop/components/EsimShopPage').then((m) => ({ default: m.EsimShopPage })),
);
const SlotRemotePage = lazy(() =>
  import('./features/slot-remote/components/SlotRemotePage').then((m) => ({ default: m.SlotRemotePage })),
);
const EsimCardSettingsPage = lazy(() =>
  import('./features/esim-card-settings/components/EsimCardSettingsPage').then((m) => ({
    default: m.EsimCardSettingsPage,
  })),
);
const SlotSettingsPage = lazy(() =>
  import('./features/slot-settings/components/SlotSettingsPage').then((m) => ({ default: m.SlotSettingsPage })),
);

// Proves at run time that this remote runs on the page's one React and one bus.
registerRuntime('mf_esim', { react: React });

/** mf_esim/routes: the paths of the shell's route table this remote owns. */
const routes: RemoteRoute[] = [
  { path: '/esim/shop/:eid', Component: EsimShopPage },
  { path: '/esim/:eid', Component: SlotRemotePage },
  { path: '/esim/card/set/0', Component: EsimCardSettingsPage },
  { path: '/esim/slot/set', Component: SlotSettingsPage },
];

export default routes;
