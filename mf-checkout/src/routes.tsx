import * as React from 'react';
import { lazy } from 'react';
import { registerRuntime, type RemoteRoute } from 'shared-contracts';

// Each page is its own chunk, loaded when its route is visited.
const OrdersPage = lazy(() =>
  import('./features/orders/components/OrdersPage').then((m) => ({ default: m.OrdersPage })),
);
const AgreementPage = lazy(() =>
  import('./features/agreement/components/AgreementPage').then((m) => ({ default: m.AgreementPage })),
);
const RenewalAgreementPage = lazy(() =>
  import('./features/renewal-agreement/components/RenewalAgreementPage').then((m) => ({
    default: m.RenewalAgreementPage,
  })),
);

// Proves at run time that this remote runs on the page's one React and one bus.
registerRuntime('mf_checkout', { react: React });

/** mf_checkout/routes: the paths of the shell's route table this remote owns. */
const routes: RemoteRoute[] = [
  { path: '/order', Component: OrdersPage },
  { path: '/pay/order', Component: OrdersPage },
  { path: '/agreement', Component: AgreementPage },
  { path: '/renew/agreement', Component: RenewalAgreementPage },
];

export default routes;
