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

export { App } from '../../../shell/src/app/App';
export { AppProviders } from '../../../shell/src/app/provider';
export { takeReceiptFromQuery } from '../../../shell/src/features/auth/lib/receipt';
export { persistLocale, resolveLocale } from '../../../shell/src/features/locale/lib/resolve-locale';
export { registerRemotesFromManifest } from '../../../shell/src/features/remotes/lib/federation';
export { type RemoteRoutesLoader } from '../../../shell/src/features/remotes/lib/remote-routes-store';
export { type RemoteName } from '../../../shell/src/features/remotes/lib/remote-names';
export { apiClient } from '../../../shell/src/lib/api-client';
export { initI18n } from '../../../shell/src/lib/i18n';

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
    './PoolCard': () => import('../../../mf-pool/src/features/pool-card/PoolCard'),
    './PoolPlanList': () => import('../../../mf-pool/src/features/pool-plans/PoolPlanList'),
  },
  mf_esim: {
    './SlotCard': () => import('../../../mf-esim/src/features/widgets/SlotCard'),
    './EsimCard': () => import('../../../mf-esim/src/features/widgets/EsimCard'),
  },
  mf_checkout: {
    './CheckoutSheet': () => import('../../../mf-checkout/src/sheet'),
  },
};
