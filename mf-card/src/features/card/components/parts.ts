import { keptLoader } from 'shared-contracts';

/**
 * The card page's parts below the card info, each in its own chunk. Loaded once (again after a failure): the route's
 * prefetch starts them while the page starts (lib/card-prefetch), and the page's lazy components take the same
 * module, at once when it is in (lazyKept: a server-rendered page hydrates them in its first render).
 */
export const loadCardBody = keptLoader(() => import(/* webpackChunkName: "card-purchase" */ './CardBody'));
export const loadCardActivities = keptLoader(
  () => import(/* webpackChunkName: "card-activities" */ './CardActivities'),
);
