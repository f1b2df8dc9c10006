/**
 * The card page's parts below the card info, each in its own chunk. Loaded once: the route's prefetch starts them
 * while the page starts (lib/card-prefetch), and the page's lazy components take the same promise.
 */
function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (!pending) {
      pending = load();
      // A failed load (a deploy, a dropped connection) is tried again by the next caller.
      pending.catch(() => {
        pending = null;
      });
    }
    return pending;
  };
}

export const loadCardBody = loadOnce(() => import(/* webpackChunkName: "card-purchase" */ './CardBody'));
export const loadCardActivities = loadOnce(() => import(/* webpackChunkName: "card-activities" */ './CardActivities'));
