// The site host's server rendering of a page (issue 27), as a browser's first request gets it: whether the page
// came rendered (no x-ssr-fallback, #root filled) and how long the host took, from its Server-Timing header (`ssr`:
// the whole page in the host, `data`: until the route's api calls had answered, `render`: until React and the
// styles were done, both from the request's start). Sequential requests, the pages in turns after a warm-up.
import { median } from './report.mjs';

/** One request's Server-Timing durations by name (ms). @param {string} header */
export function serverTimings(header) {
  /** @type {Record<string, number>} */
  const timings = {};
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    const duration = params.map((param) => /^dur=([\d.]+)$/.exec(param.trim())?.[1]).find(Boolean);
    if (name && duration !== undefined) timings[name] = Number(duration);
  }
  return timings;
}

/** The p-th quantile (0..1) of some figures. @param {number[]} values @param {number} p */
export function quantile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

/** The request headers a browser's first visit sends (no compression: the host's time, not zlib's). */
function headersOf(/** @type {Record<string, string>} */ cookies) {
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  return { 'accept-encoding': 'identity', 'accept-language': 'en-US,en;q=0.9', ...(cookie ? { cookie } : {}) };
}

/**
 * The host's render of each page, taken in turns: `warmUp` rounds of every page first (a host that has served
 * traffic: its JIT has compiled the render; a first request is not what a visitor meets), then `requests` rounds, one
 * request of each page per round, so a moment when the shared machine is slow falls on every page alike.
 * @param {{ name: string, url: string, cookies?: Record<string, string> }[]} pages
 * @param {{ requests?: number, warmUp?: number }} [o]
 * @returns {Promise<Map<string, { rendered: boolean, fallbacks: number, html: string, ssr: number[], data: number[],
 *   render: number[] }>>} by page name
 */
export async function measureServerRenders(pages, { requests = 30, warmUp = 20 } = {}) {
  const measured = pages.map((page) => ({
    page,
    result: { rendered: false, fallbacks: 0, html: '', ssr: /** @type {number[]} */ ([]), data: [], render: [] },
  }));
  for (let round = 0; round < warmUp + requests; round += 1) {
    for (const { page, result } of measured) {
      const answer = await fetch(page.url, { headers: headersOf(page.cookies ?? {}), redirect: 'manual' });
      result.html = await answer.text();
      if (round < warmUp) continue;
      if (answer.headers.get('x-ssr-fallback')) result.fallbacks += 1;
      const timings = serverTimings(answer.headers.get('server-timing') ?? '');
      if (timings.ssr !== undefined) result.ssr.push(timings.ssr);
      if (timings.data !== undefined) result.data.push(timings.data);
      if (timings.render !== undefined) result.render.push(timings.render);
    }
  }
  for (const { result } of measured) {
    result.rendered = result.fallbacks === 0 && result.html.includes('<div id="root" data-ssr="1">');
  }
  return new Map(measured.map(({ page, result }) => [page.name, result]));
}

export { median };
