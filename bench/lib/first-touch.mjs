// What memory costs this machine the first time it is touched: microseconds per 4 KiB page, measured in a child
// process that allocates a block and writes one byte to each of its pages (each write is a page fault). A fresh
// Chromium renderer touches tens of megabytes as it starts (V8's heap, the document, the fonts), so where faults are
// dear (a virtual machine whose host takes freed memory back) every page load's first tasks are long. Lighthouse's
// benchmark index does not show it: it runs JavaScript in a renderer already started. So it is printed beside the
// index: on 2026-11-30 the index read 2,000-2,700 (an ordinary day) while a fault cost about 11 µs, and the static
// floor's first task (committing the navigation) took 100-145 ms instead of about 15.
//   node bench/lib/first-touch.mjs [MiB, default 256]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PAGE = 4096;

/** The median of `rounds` measures, µs per 4 KiB page, each touching `mib` MiB afresh in a child process. */
export function firstTouchMicros(mib = 256, rounds = 3) {
  const script = `
    const bytes = ${mib} * 1024 * 1024;
    const started = process.hrtime.bigint();
    const block = Buffer.allocUnsafeSlow(bytes);
    for (let i = 0; i < bytes; i += ${PAGE}) block[i] = 1;
    const ns = Number(process.hrtime.bigint() - started);
    process.stdout.write(String(ns / 1000 / (bytes / ${PAGE})));`;
  const measures = [];
  for (let round = 0; round < rounds; round += 1) {
    const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    const value = Number(child.stdout);
    if (child.status === 0 && Number.isFinite(value)) measures.push(value);
  }
  if (measures.length === 0) return Number.NaN;
  measures.sort((a, b) => a - b);
  return measures[Math.floor(measures.length / 2)];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const mib = Number(process.argv[2] || 256);
  console.log(`first touch of memory: ${firstTouchMicros(mib).toFixed(2)} µs per 4 KiB page (${mib} MiB, median of 3)`);
}
