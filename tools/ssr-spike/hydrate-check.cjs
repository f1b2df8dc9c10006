// Loads the SSR'd card page in Chromium: hydration errors, api calls from the browser, DOM kept (hydrated, not replaced).
/* eslint-disable @typescript-eslint/no-require-imports -- a spike script run with node, CommonJS */
// LOGIN=email:password logs in first as the login page does (the api's answer sets the receipt cookie in the browser,
// the page stores the receipt), so the page renders logged in on the server.
const { chromium } = require(require('node:path').join(__dirname, '../../e2e/node_modules/@playwright/test'));
const url = process.argv[2] || 'http://localhost:29010/2/89880000000000000001';
(async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({ locale: process.env.LOCALE || 'en-US' });
  if (process.env.LOGIN) {
    const [email, password] = process.env.LOGIN.split(':');
    const login = await context.request.post(new URL('/eshop/user/auth/login', url).href, {
      data: { email, password },
    });
    const answer = await login.json();
    if (answer.code !== 10000) throw new Error(`login: ${JSON.stringify(answer)}`);
    const cookies = await context.cookies(url);
    console.log(
      'cookies after login:',
      cookies.map((c) => `${c.name} httpOnly=${c.httpOnly} sameSite=${c.sameSite} secure=${c.secure}`).join('; '),
    );
    await context.addInitScript((token) => window.localStorage.setItem('RECEIPT', token), answer.data.token);
  }
  const page = await context.newPage();
  const logs = [];
  const api = [];
  page.on('console', (m) => logs.push(`[${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`[pageerror] ${e.message}`));
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/eshop/'))
      api.push(`${r.method()} ${new URL(r.url()).pathname} ${r.postData() ?? ''}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      window.__ssrSummary = document.querySelector('[data-testid="card-summary"]');
      window.__ssrPackages = document.querySelector('[data-testid="packages"]');
      window.__ssrRootChild = document.getElementById('root')?.firstElementChild ?? null;
      window.__ssrHeader = document.querySelector('header');
    });
  });
  const t0 = Date.now();
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(Number(process.env.WAIT || 1500));
  const state = await page.evaluate(() => {
    const summary = document.querySelector('[data-testid="card-summary"]');
    const fiber = (el) => Boolean(el && Object.keys(el).some((k) => k.startsWith('__reactFiber$')));
    return {
      ssrPage: document.getElementById('root')?.hasAttribute('data-ssr'),
      sameSummaryNode: Boolean(summary) && summary === window.__ssrSummary,
      samePackagesNode:
        Boolean(window.__ssrPackages) && window.__ssrPackages === document.querySelector('[data-testid="packages"]'),
      summaryHydrated: fiber(summary),
      sameRootChild:
        Boolean(window.__ssrRootChild) && window.__ssrRootChild === document.getElementById('root')?.firstElementChild,
      sameHeader: Boolean(window.__ssrHeader) && window.__ssrHeader === document.querySelector('header'),
      headerText: document.querySelector('header')?.textContent?.slice(0, 120),
      mainText: document.querySelector('main')?.textContent?.slice(0, 200),
      status: document.querySelector('[data-testid="card-status"]')?.textContent,
      expiry: document.querySelector('[data-testid="card-expiry"]')?.textContent,
      data: document.querySelector('[data-testid="card-data"]')?.textContent,
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
    };
  });
  // Interactive after hydration: the plan tab switches.
  let tabWorks = null;
  const tab = page.locator('[data-testid="plan-tab-shared"]');
  if (await tab.count()) {
    await tab.click();
    tabWorks = await tab.getAttribute('aria-selected');
  }
  const h = response.headers();
  console.log(
    'HTTP',
    response.status(),
    'x-ssr-fallback:',
    h['x-ssr-fallback'] ?? '-',
    'cache-control:',
    h['cache-control'],
    'vary:',
    h.vary,
    'loaded in',
    Date.now() - t0,
    'ms',
  );
  console.log(JSON.stringify(state, null, 1));
  console.log('shared tab selected after click:', tabWorks);
  console.log(`browser api requests (${api.length}):\n  ` + api.join('\n  '));
  const bad = logs.filter((l) => /hydrat|#418|#423|#425|did not match|mismatch|pageerror|\[error\]/i.test(l));
  console.log('console:\n  ' + logs.join('\n  '));
  console.log(bad.length ? `HYDRATION/ERROR LINES: ${bad.length}` : 'NO HYDRATION ERRORS');
  await page.screenshot({ path: process.env.SHOT || 'hydrated.png', fullPage: false });
  await browser.close();
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
