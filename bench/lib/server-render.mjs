// The site host's server rendering of a page (issue 27), as a browser's first request gets it: whether the page
// came rendered (no x-ssr-fallback, #root filled) and how long the host took, from its Server-Timing header (`ssr`:
// the whole page in the host, `data`: until the route's api calls had answered, `render`: until React and the
// styles were done, both from the request's start). Sequential requests after a warm-up, one page at a time.
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

/**
 * @param {string} url the page
 * @param {{ cookies?: Record<string, string>, requests?: number, warmUp?: number }} [o]
 * @returns {Promise<{ rendered: boolean, fallbacks: number, html: string, ssr: number[], data: number[], render: number[] }>}
 */
export async function measureServerRender(url, { cookies = {}, requests = 30, warmUp = 5 } = {}) {
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  const headers = { 'accept-encoding': 'identity', 'accept-language': 'en-US,en;q=0.9', ...(cookie ? { cookie } : {}) };
  const ssr = [];
  const data = [];
  const render = [];
  let fallbacks = 0;
  let html = '';
  for (let i = 0; i < warmUp + requests; i += 1) {
    const answer = await fetch(url, { headers, redirect: 'manual' });
    html = await answer.text();
    if (i < warmUp) continue;
    if (answer.headers.get('x-ssr-fallback')) fallbacks += 1;
    const timings = serverTimings(answer.headers.get('server-timing') ?? '');
    if (timings.ssr !== undefined) ssr.push(timings.ssr);
    if (timings.data !== undefined) data.push(timings.data);
    if (timings.render !== undefined) render.push(timings.render);
  }
  return {
    rendered: fallbacks === 0 && html.includes('<div id="root" data-ssr="1">'),
    fallbacks,
    html,
    ssr,
    data,
    render,
  };
}

export { median };
