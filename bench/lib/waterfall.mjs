// Prints a page's request waterfall and main-thread summary from a saved Lighthouse report (bench/.data/web-*/
// <page>-<round>.json): when each request started and ended in the observed (unthrottled) load, in order. Requests
// that start only after another one ended form the chain the simulated LCP pays one round trip per link for.
//
//   node bench/lib/waterfall.mjs <report.json>
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

export function waterfall(lhr) {
  const lines = [`${lhr.finalDisplayedUrl}`, ''];
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const origin0 = new URL(lhr.finalDisplayedUrl).origin;
  const short = (url) => (url.startsWith(origin0) ? url.slice(origin0.length) : url.replace(/^https?:\/\//, ''));
  lines.push('  start    end  type        bytes  url');
  for (const request of requests) {
    lines.push(
      `${String(Math.round(request.networkRequestTime)).padStart(7)} ${String(Math.round(request.networkEndTime)).padStart(6)}  ` +
        `${(request.resourceType ?? '').padEnd(10)} ${String(request.transferSize ?? 0).padStart(6)}  ${short(request.url)}`,
    );
  }
  const breakdown = lhr.audits['mainthread-work-breakdown']?.details?.items ?? [];
  lines.push('', 'main-thread work (observed, before CPU scaling):');
  for (const item of breakdown)
    lines.push(`  ${String(Math.round(item.duration)).padStart(6)} ms  ${item.groupLabel ?? item.group}`);
  const bootup = lhr.audits['bootup-time']?.details?.items ?? [];
  lines.push('', 'script cost by file (ms: total, evaluation, parse/compile):');
  for (const item of bootup.slice(0, 12)) {
    lines.push(
      `  ${String(Math.round(item.total)).padStart(6)} ${String(Math.round(item.scripting)).padStart(6)} ` +
        `${String(Math.round(item.scriptParseCompile)).padStart(6)}  ${short(item.url)}`,
    );
  }
  const lcp = lhr.audits['lcp-breakdown-insight']?.details?.items ?? [];
  for (const block of lcp) {
    if (block.type === 'table') {
      lines.push('', 'LCP breakdown (observed):');
      for (const row of block.items)
        lines.push(`  ${String(Math.round(row.duration)).padStart(6)} ms  ${row.label ?? row.subpart}`);
    }
    if (block.type === 'node') lines.push('', `LCP element: ${block.snippet ?? block.nodeLabel}`);
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.argv[2]) {
    console.error('usage: node bench/lib/waterfall.mjs <lighthouse-report.json>');
    process.exit(2);
  }
  console.log(waterfall(JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))));
}
