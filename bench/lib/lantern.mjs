// BENCH_LANTERN=1: how Lighthouse's simulation (Lantern) arrives at a page's LCP. Lighthouse estimates LCP from a
// graph of the requests and main-thread tasks that ended before the observed LCP, replayed on a throttled network
// (150 ms round trips, 1.6 Mbit/s shared evenly by the requests in flight, HTTP/1.1 connections in slow start) and a
// 4x slower CPU. This prints that replay, node by node with its simulated start and end, so a change can be judged by
// where it moves the slowest chain. Lantern is Lighthouse's own code (lighthouse/core/computed), not a copy.
import { createRequire } from 'node:module';

import { BENCH } from './workspace.mjs';

const require = createRequire(`${BENCH}/package.json`);
const LIGHTHOUSE = require.resolve('lighthouse/package.json').replace(/package\.json$/, '');

/**
 * The simulated LCP and the nodes behind it, as text (pessimistic graph: every request and layout before the LCP).
 * @param {object} artifacts Lighthouse's artifacts of the run @param {object} lhr its report
 */
export async function lanternLcp(artifacts, lhr) {
  const { LargestContentfulPaint } = await import(`${LIGHTHOUSE}core/computed/metrics/largest-contentful-paint.js`);
  const { Audit } = await import(`${LIGHTHOUSE}core/audits/audit.js`);
  const context = { computedCache: new Map(), settings: lhr.configSettings, options: {} };
  const result = await LargestContentfulPaint.request(
    Audit.makeMetricComputationDataInput(artifacts, context),
    context,
  );
  const lines = [];
  for (const kind of ['pessimistic', 'optimistic']) {
    const estimate = result[`${kind}Estimate`];
    lines.push(`${kind}: LCP ${Math.round(estimate.timeInMs)} ms`, '  start    end  node');
    const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
    for (const [node, timing] of rows) {
      const at = `${String(Math.round(timing.startTime)).padStart(7)} ${String(Math.round(timing.endTime)).padStart(6)}`;
      lines.push(`${at}  ${describeNode(node)}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/**
 * How the simulation arrives at the TBT, as text: its FCP to TTI window (optimistic and pessimistic, averaged by
 * Lighthouse) and every main-thread task simulated at 50 ms or more, with the time it blocks inside the window.
 * @param {object} artifacts Lighthouse's artifacts of the run @param {object} lhr its report
 */
export async function lanternTbt(artifacts, lhr) {
  const { LanternTotalBlockingTime } = await import(
    `${LIGHTHOUSE}core/computed/metrics/lantern-total-blocking-time.js`
  );
  const { LanternFirstContentfulPaint } = await import(
    `${LIGHTHOUSE}core/computed/metrics/lantern-first-contentful-paint.js`
  );
  const { LanternInteractive } = await import(`${LIGHTHOUSE}core/computed/metrics/lantern-interactive.js`);
  const { Audit } = await import(`${LIGHTHOUSE}core/audits/audit.js`);
  const context = { computedCache: new Map(), settings: lhr.configSettings, options: {} };
  const data = Audit.makeMetricComputationDataInput(artifacts, context);
  const [tbt, fcp, tti] = await Promise.all([
    LanternTotalBlockingTime.request(data, context),
    LanternFirstContentfulPaint.request(data, context),
    LanternInteractive.request(data, context),
  ]);
  const lines = [`TBT ${Math.round(tbt.timing)} ms (the mean of the two estimates)`];
  // Lighthouse pairs the optimistic TBT with the pessimistic FCP and the optimistic TTI, and the other way round.
  for (const [kind, from, to] of [
    ['optimistic', fcp.pessimisticEstimate.timeInMs, tti.optimisticEstimate.timeInMs],
    ['pessimistic', fcp.optimisticEstimate.timeInMs, tti.pessimisticEstimate.timeInMs],
  ]) {
    const estimate = tbt[`${kind}Estimate`];
    lines.push(
      `${kind}: TBT ${Math.round(estimate.timeInMs)} ms, window ${Math.round(from)}-${Math.round(to)} ms`,
      '  start    end  blocks  node',
    );
    const rows = [...estimate.nodeTimings.entries()]
      .filter(([node, timing]) => node.type === 'cpu' && timing.duration >= 50)
      .sort((a, b) => a[1].startTime - b[1].startTime);
    for (const [node, timing] of rows) {
      const blocks = Math.max(0, Math.min(timing.endTime, to) - Math.max(timing.startTime, from) - 50);
      const at = `${String(Math.round(timing.startTime)).padStart(7)} ${String(Math.round(timing.endTime)).padStart(6)}`;
      lines.push(`${at}  ${String(Math.round(blocks)).padStart(6)}  ${describeNode(node)}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

function describeNode(node) {
  if (node.type === 'network') {
    const { url, transferSize, priority } = node.request;
    const kb = (transferSize / 1024).toFixed(1);
    return `net ${url.length > 90 ? `${url.slice(0, 90)}…` : url}  ${kb} KB  ${priority}`;
  }
  const scripts = new Set(
    node.childEvents
      .filter((event) => event.name === 'EvaluateScript' && event.args?.data?.url)
      .map((event) => event.args.data.url.split('/').pop()),
  );
  const layout = node.childEvents.some((event) => event.name === 'Layout');
  const observed = ((node.endTime - node.startTime) / 1000).toFixed(1);
  const url = node.childEvents.find((event) => event.args?.data?.url)?.args.data.url;
  const what = scripts.size ? `  evaluates ${[...scripts].join(', ')}` : url ? `  ${url.split('/').pop()}` : '';
  const top = [...new Set(node.childEvents.filter((event) => event.dur >= node.event.dur * 0.3).map((e) => e.name))];
  return `cpu ${observed} ms observed${what}${layout ? '  layout' : ''}  (${top.slice(0, 4).join(' > ')})`;
}
