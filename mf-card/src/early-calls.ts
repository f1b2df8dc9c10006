// mf_card's early script, built on its own (no federation, no shared packages: a few KB) as
// dist/early-calls.<hash>.js and named in mf-manifest.json (earlyCalls). The site host adds it to its page, async,
// for a route mf_card owns, with the route's path in data-route; it asks that route's first api calls while the
// page's code is still downloading, and the page's api client takes the answers (lib/early-calls).
import { startEarlyCalls } from './lib/early-routes';

startEarlyCalls(document.currentScript?.getAttribute('data-route') ?? '', window.location);
