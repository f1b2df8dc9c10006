import { type Page } from '@playwright/test';
import { deadEnds } from '../support/dead-ends';
import { demo } from '../support/demo';
import { appShown, closeOwnDialogs, handOvers, type HandOver } from '../support/hand-overs';
import { origins } from '../support/ports';
import { logIn } from '../support/session';
import { expect, test } from '../support/test';

// Issue 26: every link and button of the main pages leads somewhere (a page with something on it, a dialog, a call,
// a change on the page), never to nothing, to another site, to "not found" or to an error.

// E2E_EXTRA_ORIGINS: the site's origins when this spec is pointed at another copy of the site (pnpm start's).
const site = [...Object.values(origins), ...(process.env.E2E_EXTRA_ORIGINS?.split(',') ?? [])];

/** The page shows what it is about; a dialog it opens by itself (a bind offer, a pop-up) is closed as a user would. */
async function settle(page: Page) {
  await appShown(page);
  await closeOwnDialogs(page);
}

interface Target {
  name: string;
  path: string;
  login?: boolean;
  /** How a user gets the page its item (from the card list), once; then the page is opened by the address reached. */
  handOver?: HandOver;
  /** What to do each time the page is opened, before pressing (choose a mode). */
  then?: HandOver;
}

const pages: Target[] = [
  { name: 'scan/home', path: '/' },
  { name: 'card page, owner', path: `/2/${demo.activatedBound}`, login: true },
  { name: 'card page, visitor', path: '/2/89880000000000000004' },
  { name: 'card list', path: '/eshop/card/list', login: true },
  { name: 'purchased packages', path: `/pkg?iccid=${demo.activatedBound}`, login: true },
  { name: 'orders', path: '/pay/order', login: true },
  { name: 'user info', path: '/user/info', login: true },
  { name: 'about', path: '/user/about' },
  { name: 'eSIM slot', path: `/esim/${demo.eid}?mode=search`, login: true },
  { name: 'card settings', path: '/card/set', login: true, handOver: handOvers.cardSettings },
  { name: 'eSIM settings', path: '/esim/card/set/0', login: true, handOver: handOvers.esimSettings },
  { name: 'slot settings', path: '/esim/slot/set', login: true, handOver: handOvers.slotSettings },
  { name: 'shared plan', path: '/pool/detail', login: true, handOver: handOvers.poolDetail },
  { name: 'shared plan, add cards', path: '/pool/add', login: true, handOver: handOvers.poolAdd },
  {
    name: 'shared plan, settings',
    path: '/pool/set',
    login: true,
    handOver: handOvers.poolSettings,
  },
  { name: 'sign up', path: '/user/login', then: (page) => page.getByTestId('mode-signup').click() },
  { name: 'password reset', path: '/user/login', then: (page) => page.getByTestId('mode-reset').click() },
];

let token: string | null = null;

for (const [i, target] of pages.entries()) {
  test(`${target.name}: every link and button leads somewhere`, async ({ page, request }) => {
    // At least; deadEnds gives a page with more to press more time.
    test.setTimeout(180_000);
    if (target.login) {
      token ??= await logIn(request);
      await page.addInitScript((receipt) => localStorage.setItem('RECEIPT', receipt), token);
    }
    // The site's header is the same on every page: pressed on the first only.
    const skipWithin = i === 0 ? '' : 'header';
    let path = target.path;
    if (target.handOver) {
      await target.handOver(page);
      // Opened again by the address the hand-over reached (the plan's id in it).
      const reached = new URL(page.url());
      path = `${reached.pathname}${reached.search}`;
    }
    const { then } = target;
    // The mode is chosen on the page itself, not on a page a press leads to (the demo sign-in, say).
    const ready = async (p: Page) => {
      await settle(p);
      if (then && new URL(p.url()).pathname === path.split('?')[0]) await then(p);
    };
    expect(await deadEnds(page, path, { settle: ready, origins: site, skipWithin })).toEqual([]);
  });
}
