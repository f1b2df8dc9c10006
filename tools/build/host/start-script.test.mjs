/**
 * @jest-environment jsdom
 */
// START_SCRIPT (first-view.mjs) as the browser runs it: the shell's entry and the route's other files only once the
// early view is painted, the early script failed, or the wait is over; once.
import { jest } from '@jest/globals';
import { EARLY_VIEW_EVENT, EARLY_VIEW_WAIT_MS, START_SCRIPT } from './first-view.mjs';

function start(
  preload = [
    ['/shell-locale-en-json.1.js', 'script'],
    ['http://cdn.test/mf-manifest.json', 'fetch', 'anonymous'],
  ],
) {
  const script = document.createElement('script');
  script.dataset.main = '/react-dom.87654321.js /main.12345678.js';
  script.dataset.preload = JSON.stringify(preload);
  script.textContent = START_SCRIPT;
  document.head.append(script);
}

const entries = () => document.querySelectorAll('script[src="/main.12345678.js"]');
const entryFiles = () => [...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'));

describe("the page's start script", () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('runs the entry once the early view is painted, then preloads the other files, and only once', () => {
    start();
    expect(entries()).toHaveLength(0);
    expect(document.querySelector('link[rel="preload"]')).toBeNull();
    window.dispatchEvent(new Event(EARLY_VIEW_EVENT));
    // Every file of the entry, at high priority.
    expect(entryFiles()).toEqual(['/react-dom.87654321.js', '/main.12345678.js']);
    expect(entries()[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(document.querySelector('script[src="/react-dom.87654321.js"]')?.getAttribute('fetchpriority')).toBe('high');
    const links = [...document.querySelectorAll('link[rel="preload"]')];
    expect(links.map((link) => [link.getAttribute('href'), link.getAttribute('as')])).toEqual([
      ['/shell-locale-en-json.1.js', 'script'],
      ['http://cdn.test/mf-manifest.json', 'fetch'],
    ]);
    expect(links[1]?.getAttribute('crossorigin')).toBe('anonymous');
    window.dispatchEvent(new Event(EARLY_VIEW_EVENT));
    jest.advanceTimersByTime(EARLY_VIEW_WAIT_MS);
    expect(entryFiles()).toHaveLength(2);
  });

  it("preloads a remote's script with its pinned hash and CORS mode, as the shell's runtime will load it", () => {
    const integrity = `sha384-${'C'.repeat(64)}`;
    start([['http://cdn.test/remoteEntry.js', 'script', 'anonymous', integrity]]);
    window.dispatchEvent(new Event(EARLY_VIEW_EVENT));
    const link = document.querySelector('link[rel="preload"]');
    expect(link?.getAttribute('integrity')).toBe(integrity);
    expect(link?.getAttribute('crossorigin')).toBe('anonymous');
  });

  it('runs the entry after the wait when no early view comes', () => {
    start([]);
    jest.advanceTimersByTime(EARLY_VIEW_WAIT_MS - 1);
    expect(entries()).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(entries()).toHaveLength(1);
  });

  it('runs the entry at once when the early script fails to load', () => {
    start([]);
    const early = document.createElement('script');
    early.dataset.route = '/:flag/:iccid';
    document.head.append(early);
    early.dispatchEvent(new Event('error'));
    expect(entries()).toHaveLength(1);
  });
});
