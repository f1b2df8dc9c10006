// Medians and plain-text tables for the benchmarks' output.
import fs from 'node:fs';
import path from 'node:path';

import { BENCH } from './workspace.mjs';

export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Columns padded to their widest cell; numbers right-aligned. */
export function table(header, rows) {
  const cells = [header, ...rows].map((row) => row.map((cell) => String(cell)));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column].length)));
  const line = (row, index) =>
    row
      .map((cell, column) =>
        index > 0 && /^[-+\d.,×%\s]+[a-zA-Z/%]*$/.test(cell)
          ? cell.padStart(widths[column])
          : cell.padEnd(widths[column]),
      )
      .join('  ')
      .trimEnd();
  return [
    line(cells[0], 0),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...cells.slice(1).map((row, index) => line(row, index + 1)),
  ].join('\n');
}

export const fixed = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** A folder for this run's reports: bench/.data/<what>-<date-time> (.data: ignored by git, eslint and prettier). */
export function resultsDir(what) {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const dir = path.join(BENCH, '.data', `${what}-${stamp}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
