// mf_card's early script, built on its own (no federation, no shared packages: a few KB) as
// dist/early-calls.<hash>.js and named in mf-manifest.json (earlyCalls). The site host adds it to its page, async,
// for a route mf_card owns, with the route's path in data-route; it asks that route's first api calls while the
// page's code is still downloading, and the page's api client takes the answers (lib/early-calls). On a card page,
// the card list and /pkg it also draws the page's first view as soon as those calls answer (the early-view.ts of
// features/card, features/home and features/packages), which the page replaces; the host's page runs the shell's entry once that view is
// painted (`@esim/build/early-view.json`).
import { earlyCardView } from './features/card/early-view';
import { earlyListView } from './features/home/early-view';
import { earlyPackagesView } from './features/packages/early-view';
import { whenPresented } from './lib/early-frame';
import { startEarlyCalls } from './lib/early-routes';
import { loadEarlyStrings } from './lib/early-strings';
// The event the site host's page waits for before it runs the shell's entry (its contract with early scripts).
import earlyView from '@esim/build/early-view.json';

const settle = () => window.dispatchEvent(new Event(earlyView.event));

const asked = startEarlyCalls(document.currentScript?.getAttribute('data-route') ?? '', window.location);
const view =
  asked?.card && asked.params.iccid
    ? earlyCardView(
        { calls: asked.card, iccid: asked.params.iccid, lang: asked.lang, search: asked.search },
        loadEarlyStrings,
      )
    : asked?.list
      ? earlyListView({ calls: asked.list, lang: asked.lang, search: asked.search }, loadEarlyStrings)
      : asked?.records
        ? earlyPackagesView(
            { records: asked.records.answer, iccid: asked.records.iccid, lang: asked.lang, search: asked.search },
            loadEarlyStrings,
          )
        : null;
if (view) view.then((drawn) => (drawn ? whenPresented(drawn, settle) : settle()), settle);
else settle();
