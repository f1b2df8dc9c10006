// The pages the browser benchmarks measure (bench:web's Lighthouse runs, bench:shifts' layout shifts): the two floors,
// the card page of each demo card a visitor opens, the card list and /pkg logged in, and the single-bundle site's.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { FLOOR_DIST, buildFloor } from '../floor/build.mjs';
import { FLOOR_STATIC_DIST, buildFloorStatic } from '../floor-static/build.mjs';
import { MONO_DIST, buildMono } from '../mono/build.mjs';
import { loginDemo } from './api-server.mjs';
import { startSite } from './site.mjs';
import { DEMO, ROOT } from './workspace.mjs';

export { FLOOR_DIST, FLOOR_STATIC_DIST, MONO_DIST };

/**
 * The site with the measuring pages (lib/site.mjs), logs in `out`/logs, and the demo user's login receipt, which the
 * logged-in pages need (pagesOf). `origins.monoRunning`: the single-bundle site was built and is served.
 */
export async function startMeasuredSite(out) {
  const site = await startSite({
    logDir: path.join(out, 'logs'),
    floorDist: FLOOR_DIST,
    floorStaticDist: FLOOR_STATIC_DIST,
    monoDist: MONO_DIST,
  });
  site.origins.monoRunning = fs.existsSync(path.join(MONO_DIST, 'index.html'));
  return { ...site, receipt: await loginDemo(site.api.origin) };
}

/**
 * What the pages need built: the site's missing dists (the step `pnpm start` takes; none with BENCH_SKIP_BUILD=1),
 * then the measuring pages if missing. The static floor is one file copied: every run, so it is never stale.
 */
export async function buildPages() {
  buildFloorStatic();
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  const result = spawnSync('pnpm', ['run', 'build:missing'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('pnpm run build:missing failed');
  if (!fs.existsSync(path.join(FLOOR_DIST, 'index.html'))) {
    console.log('[bench] building the floor page');
    await buildFloor();
  }
  if (!fs.existsSync(path.join(MONO_DIST, 'index.html'))) {
    console.log('[bench] building the single-bundle site (pnpm build:mono)');
    await buildMono();
  }
}

/**
 * The demo cards whose card page a visitor opens (api/src/seed.ts CARDS; e2e/support/demo.ts): one of each view the
 * card page has. Not here: 0901 (a partner's card: a login view only), unbound 0011/0012/0019 and 0102 (views of
 * 0002's kind), 0007/0008/0201/0202/0203 (views of 0001's kind with one line more).
 */
export const DEMO_CARDS = [
  { iccid: '89880000000000000001', flag: '2', what: 'activated, 20 GB plan, bound to the demo user' },
  { iccid: '89880000000000000002', flag: '2', what: 'ready, unbound, no plan' },
  { iccid: '89880000000000000003', flag: '2', what: 'suspended, bound' },
  { iccid: '89880000000000000004', flag: '2', what: 'unlimited plan, unbound' },
  { iccid: '89880000000000000005', flag: '2', what: 'unlimited, speed limited (recall dialog)' },
  { iccid: '89880000000000000006', flag: '2', what: 'third-party SIM, no figures' },
  { iccid: '89880000000000000101', flag: '1', what: 'agent 1: the old card view' },
  { iccid: '89880000000000000301', flag: '3', what: 'agent 3: the card-list view, EUR, German' },
];

/** What each measured page is, and what it needs: the login receipt, a call that proves it showed its content. */
export function pagesOf(origins, receipt) {
  // A returning user, as the browser holds the login: the receipt in localStorage and the api's cookie of it (which
  // the site host renders the page with), and the device's time zone the page stored.
  const loggedIn = (origin) => ({
    url: `${origin}/remotes.json`,
    items: { RECEIPT: receipt.token, user_email: receipt.email, user_id: String(receipt.user_id) },
    cookies: {
      esim_receipt: encodeURIComponent(receipt.token),
      esim_tz: encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone),
    },
  });
  // Proof that a page showed what we mean to measure: a page rendered on the server has it in its HTML (checked
  // before the runs, with the host's render time); the single-bundle page asks the call that brings it.
  const listAndPkg = (prefix, origin, rendered) => [
    // The card list and /pkg need a login (the card is the demo user's); /pkg names its card in ?iccid=.
    {
      name: `${prefix}list`,
      kind: 'site',
      url: `${origin}/eshop/card/list`,
      storage: loggedIn(origin),
      ...(rendered ? { rendered: 'data-testid="sim-card"' } : { expectRequest: '/v1/get/card/list' }),
    },
    {
      name: `${prefix}pkg`,
      kind: 'site',
      url: `${origin}/pkg?iccid=${DEMO.iccid}`,
      storage: loggedIn(origin),
      ...(rendered ? { rendered: 'data-testid="package-record"' } : { expectRequest: '/eshop/pkg/record' }),
    },
  ];
  return [
    { name: 'floor-static', kind: 'floor', url: `${origins.floorStatic}/` },
    { name: 'floor', kind: 'floor', url: `${origins.floor}/` },
    // A phone opening its card's link: a visitor, nothing stored (the owner's data-left and expiry still show).
    ...DEMO_CARDS.map((card) => ({
      name: `card-${card.iccid.slice(-4)}`,
      kind: 'card',
      url: `${origins.shell}/${card.flag}/${card.iccid}`,
      rendered: 'data-remote="mf_card"',
    })),
    ...listAndPkg('', origins.shell, true),
    ...(origins.monoRunning
      ? [
          {
            name: 'mono-card',
            kind: 'site',
            url: `${origins.mono}/${DEMO.flag}/${DEMO.iccid}`,
            expectRequest: '/eshop/get/card',
          },
          ...listAndPkg('mono-', origins.mono, false),
        ]
      : []),
  ];
}

/** BENCH_PAGES: names or prefixes (`card` selects card-0001…); the floors always, every ratio needs them. */
export function selected(page) {
  const wanted = process.env.BENCH_PAGES?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!wanted || page.kind === 'floor') return true;
  return wanted.some((name) => page.name === name || page.name.startsWith(`${name}-`));
}
