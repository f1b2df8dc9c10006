/* eslint-disable boundaries/dependencies -- the single-bundle build (issue 10) composes the shell and every remote
   from their own source on purpose: it measures what Module Federation costs, so it must run the same code. */
// Every package's part of the site, imported directly: the shell's app and start-up pieces, each remote's
// `./routes` module (what the shell loads through federation), and the widgets remotes load from each other
// (their `exposes` in each remote's webpack.config.mjs), here as lazy chunks of the one build.
import { type ComponentType } from 'react';
import { type RemoteRoute } from 'shared-contracts';

import cardRoutes from '../../../mf-card/src/routes';
import poolRoutes from '../../../mf-pool/src/routes';
import esimRoutes from '../../../mf-esim/src/routes';
import accountRoutes from '../../../mf-account/src/routes';
import checkoutRoutes from '../../../mf-checkout/src/routes';

export { startShell } from '../../../shell/src/start';
export { registerRemotesFromManifest } from '../../../shell/src/features/remotes/lib/federation';
export { type RemoteRoutesLoader } from '../../../shell/src/features/remotes/lib/remote-routes-store';
export { type RemoteName } from '../../../shell/src/features/remotes/lib/remote-names';

export const ROUTES: Record<string, readonly RemoteRoute[]> = {
  mf_card: cardRoutes,
  mf_pool: poolRoutes,
  mf_esim: esimRoutes,
  mf_account: accountRoutes,
  mf_checkout: checkoutRoutes,
};

type ExposedModule = { default: ComponentType<never> } & Record<string, unknown>;

export const WIDGETS: Record<string, Record<string, () => Promise<ExposedModule>>> = {
  mf_pool: {
    './PoolCard': () => import('../../../mf-pool/src/components/pool-card/PoolCard'),
    './PoolPlanList': () => import('../../../mf-pool/src/components/pool-plans/PoolPlanList'),
  },
  mf_esim: {
    './SlotCard': () => import('../../../mf-esim/src/features/widgets/SlotCard'),
    './EsimCard': () => import('../../../mf-esim/src/features/widgets/EsimCard'),
  },
  mf_checkout: {
    './CheckoutSheet': () => import('../../../mf-checkout/src/sheet'),
    './PayReturn': () => import('../../../mf-checkout/src/features/pay-return/components/PayReturnDialog'),
  },
};
