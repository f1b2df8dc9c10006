// mf_card's early script, built on its own (no federation, no shared packages: a few KB) as
// dist/early-calls.<hash>.js and named in mf-manifest.json (earlyCalls). The site host adds it to its page, async,
// for a route mf_card owns, with the route's path in data-route; it asks that route's first api calls while the
// page's code is still downloading, and the page's api client takes the answers (lib/early-calls). On a card page
// it also draws the card's summary as soon as the card answers (features/card/early-view), which the page replaces;
// the host's page runs the shell's entry once that view is painted (`@esim/build/early-view.json`).
import { loadEarlyStrings } from './features/card/early-strings';
import { earlyCardView, whenPresented } from './features/card/early-view';
// The event the site host's page waits for before it runs the shell's entry (its contract with early scripts).
import earlyView from '@esim/build/early-view.json';
import { startEarlyCalls } from './lib/early-routes';

const settle = () => window.dispatchEvent(new Event(earlyView.event));

const asked = startEarlyCalls(document.currentScript?.getAttribute('data-route') ?? '', window.location);
if (asked?.card && asked.params.iccid) {
  earlyCardView(
    { calls: asked.card, iccid: asked.params.iccid, lang: asked.lang, search: asked.search },
    loadEarlyStrings,
  ).then((view) => (view ? whenPresented(view, settle) : settle()), settle);
} else {
  settle();
}
