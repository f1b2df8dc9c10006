// The static floor (../shared/bench/floor-static): the card page's first view (the demo card's name, status, ICCID,
// expiry, gauge and figures, the site's colours and type) as one HTML page with its styles inline and no JavaScript.
// One request, nothing to run: Lighthouse on it is the physical limit for the first view on this network and
// device, which a server-rendered card page can approach and a client-rendered one cannot. Copied into
// bench/floor-static/dist with .br/.gz beside it, since esim-host serves precompressed files only. A millisecond's
// work, so bench:web does it on every run.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { precompressDir } from '../lib/compress.mjs';
import { BENCH, ROOT } from '../lib/workspace.mjs';

const here = path.join(BENCH, 'floor-static');
export const FLOOR_STATIC_DIST = path.join(here, 'dist');

export function buildFloorStatic() {
  fs.rmSync(FLOOR_STATIC_DIST, { recursive: true, force: true });
  fs.mkdirSync(FLOOR_STATIC_DIST, { recursive: true });
  const page = fs.readFileSync(path.join(here, 'index.html'), 'utf8');
  if (/<script/i.test(page)) throw new Error('floor-static: the static floor must hold no script');
  fs.writeFileSync(path.join(FLOOR_STATIC_DIST, 'index.html'), page);
  precompressDir(FLOOR_STATIC_DIST);
  return 'index.html';
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildFloorStatic();
  console.log(`[floor-static] built ${path.relative(ROOT, path.join(FLOOR_STATIC_DIST, 'index.html'))}`);
}
