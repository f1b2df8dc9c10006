import { expect, test, type Page } from '@playwright/test';

/**
 * Presses every link and button a page shows, one at a time from a fresh copy of the page, and names each that is a
 * dead end: nothing happens (no change on the page, no call, no move), it leads off the site or to an unknown
 * address, it lands on the not-found page or an error, it cannot be pressed (something covers it), or it lands on a
 * page with nothing to press.
 */

/** What is pressed: links, buttons and tabs, visible and enabled. Switches and checkboxes change settings: not. */
const PRESSABLE = 'a[href], button, [role="button"], [role="tab"], [role="link"], summary';

/** Buttons that would end the session or delete something for the runs after this one. */
const SKIP = /log ?out|sign ?out|delete|remove|unbind|cancel order/i;

interface Pressable {
  key: string;
  label: string;
  occurrence: number;
  href: string | null;
}

async function pressables(page: Page, skipWithin = ''): Promise<Pressable[]> {
  return page.evaluate(
    ({ selector, skipWithin }) => {
      const seen = new Map<string, number>();
      const out: Array<{ key: string; label: string; occurrence: number; href: string | null }> = [];
      for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
        if (element.closest('[aria-hidden="true"], [inert]')) continue;
        if (!element.getClientRects().length || getComputedStyle(element).visibility === 'hidden') continue;
        if ((element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true') continue;
        if (element.getAttribute('role') === 'switch') continue;
        // What is already chosen (the current tab, the current page) has nothing more to do.
        if (element.getAttribute('aria-selected') === 'true' || element.getAttribute('aria-current') === 'page')
          continue;
        if (skipWithin && element.closest(skipWithin)) continue;
        const label = (element.getAttribute('aria-label') || element.innerText || element.getAttribute('title') || '')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 80);
        const key = `${element.tagName}|${label}`;
        const occurrence = seen.get(key) ?? 0;
        seen.set(key, occurrence + 1);
        out.push({ key, label, occurrence, href: element.getAttribute('href') });
      }
      return out;
    },
    { selector: PRESSABLE, skipWithin },
  );
}

/** Marks the pressable of `key` (its n-th occurrence) so a locator can find it again after a reload. */
async function mark(page: Page, target: Pressable): Promise<boolean> {
  return page.evaluate(
    ({ selector, key, occurrence }) => {
      document.querySelectorAll('[data-probe]').forEach((element) => element.removeAttribute('data-probe'));
      let n = 0;
      for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
        if (element.closest('[aria-hidden="true"], [inert]') || !element.getClientRects().length) continue;
        const label = (element.getAttribute('aria-label') || element.innerText || element.getAttribute('title') || '')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 80);
        if (`${element.tagName}|${label}` !== key) continue;
        if (n++ === occurrence) {
          element.setAttribute('data-probe', '');
          return true;
        }
      }
      return false;
    },
    { selector: PRESSABLE, key: target.key, occurrence: target.occurrence },
  );
}

/** Time for opening a page before its presses, and for each press (its checks and the page opened again). */
const PAGE_BUDGET_MS = 60_000;
const PRESS_BUDGET_MS = 8_000;

export interface PressOptions {
  /** Waits until the page shows what it is about (its loading lines gone). */
  settle: (page: Page) => Promise<void>;
  /** Origins that belong to the site (the shell's and the remotes'). */
  origins: string[];
  /** Parts not pressed here (the site's header, pressed once on another page). */
  skipWithin?: string;
}

/** Presses everything on `path` and returns the dead ends found, each as "label: what went wrong". */
export async function deadEnds(page: Page, path: string, options: PressOptions): Promise<string[]> {
  const findings: string[] = [];
  const offSite: string[] = [];
  await page.route(
    (url) => !options.origins.some((origin) => url.href.startsWith(origin)) && url.protocol.startsWith('http'),
    async (route) => {
      offSite.push(route.request().url());
      await route.abort();
    },
  );
  const open = async () => {
    await page.goto(path);
    await options.settle(page);
  };
  await open();
  const targets = (await pressables(page, options.skipWithin)).filter((target) => !SKIP.test(target.label));
  expect(targets.length, `${path} has something to press`).toBeGreaterThan(0);
  // Each press may take its own time (the page opened again after one that leaves it): a page with more to press gets
  // more, never less than its test asked for. On 2026-11-30's slow machine the card list pressed 43 in 180 s.
  test.info().setTimeout(Math.max(test.info().timeout, PAGE_BUDGET_MS + targets.length * PRESS_BUDGET_MS));
  // The page is opened again only when a press left it (another address, a dialog Escape does not close).
  let fresh = true;
  for (const target of targets) {
    const name = target.label || target.key;
    if (target.href && /^(javascript:|#$)/.test(target.href)) {
      findings.push(`${name}: link to nowhere (${target.href})`);
      continue;
    }
    if (!fresh) await open();
    fresh = true;
    if (!(await mark(page, target))) {
      // It was there on the first copy of the page: something timed (a pop-up) may hide it now; open again once.
      await open();
      if (!(await mark(page, target))) continue;
    }
    const start = page.url();
    offSite.length = 0;
    let calls = 0;
    const onRequest = () => void (calls += 1);
    page.on('request', onRequest);
    await page.evaluate(() => {
      const w = window as unknown as { __probeChanges: number };
      w.__probeChanges = 0;
      new MutationObserver((records) => {
        w.__probeChanges += records.length;
      }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    const popup = page
      .context()
      .waitForEvent('page', { timeout: 1500 })
      .catch(() => null);
    try {
      const probe = page.locator('[data-probe]');
      // A skip link shows only when focused: it is used from the keyboard.
      if (target.href?.startsWith('#')) {
        await probe.focus();
        await page.keyboard.press('Enter');
      } else await probe.click({ timeout: 3000 });
    } catch (error) {
      findings.push(`${name}: cannot be pressed (${String(error).slice(0, 120).split('\n', 1).join('')})`);
      page.off('request', onRequest);
      continue;
    }
    const opened = await popup;
    await page.waitForTimeout(500);
    page.off('request', onRequest);
    fresh = false;
    if (opened) {
      const url = opened.url();
      if (!options.origins.some((origin) => url.startsWith(origin)) && !url.startsWith('about:blank'))
        findings.push(`${name}: opens another site (${url})`);
      await opened.close();
      continue;
    }
    if (offSite.length) {
      findings.push(`${name}: leads off the site (${offSite[0]})`);
      continue;
    }
    if (page.url() !== start) {
      await page.waitForLoadState('domcontentloaded');
      await options.settle(page).catch(() => undefined);
      if (await page.getByTestId('not-found').count()) findings.push(`${name}: lands on "not found" (${page.url()})`);
      else if (await page.getByTestId('card-error').count())
        findings.push(`${name}: lands on an error (${page.url()})`);
      else if (!(await pressables(page)).some((next) => !/^(A|BUTTON)\|$/.test(next.key)))
        findings.push(`${name}: lands on a page with nothing to press (${page.url()})`);
      continue;
    }
    const changes = await page.evaluate(() => (window as unknown as { __probeChanges: number }).__probeChanges);
    if (!changes && !calls) findings.push(`${name}: nothing happens`);
    // Still on the page: a dialog it opened is closed with Escape, as a user would; the page is kept when that works.
    if (await page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible').count()) {
      await page.keyboard.press('Escape');
      await page.waitForTimeout(300);
    }
    fresh = (await page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible').count()) === 0;
  }
  return findings;
}
