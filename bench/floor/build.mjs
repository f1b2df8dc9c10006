// Builds the floor page into bench/floor/dist: one production bundle (content-hashed like the site's chunks) with
// react, react-dom, react-router-dom, styled-components, i18next, react-i18next (the shell's copies) and rxjs, zod
// (shared-contracts' copies): the project's own versions, whatever they are today. Then .br/.gz for esim-host.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { eagerCompileHint } from '@esim/build/webpack';

import { precompressDir } from '../lib/compress.mjs';
import { compile, entryFiles } from '../lib/webpack.mjs';
import { BENCH, ROOT } from '../lib/workspace.mjs';

const here = path.join(BENCH, 'floor');
export const FLOOR_DIST = path.join(here, 'dist');

export async function buildFloor() {
  const stats = await compile({
    mode: 'production',
    context: here,
    entry: { main: './src/index.js' },
    output: { path: FLOOR_DIST, filename: '[name].[contenthash:8].js', publicPath: '/', clean: true },
    resolve: {
      modules: [
        'node_modules',
        path.join(ROOT, 'shell', 'node_modules'),
        path.join(ROOT, 'shared-contracts', 'node_modules'),
      ],
    },
    // As the site's production builds: V8's compile hint on its script (the best this stack does, like for like).
    plugins: [eagerCompileHint()],
    performance: { hints: false },
    stats: 'errors-warnings',
  });
  const files = entryFiles(stats);
  if (files.length !== 1) throw new Error(`floor: expected one bundle, got ${files.join(', ')}`);
  const page = fs.readFileSync(path.join(here, 'index.html'), 'utf8').replace('__MAIN__', files[0]);
  fs.writeFileSync(path.join(FLOOR_DIST, 'index.html'), page);
  precompressDir(FLOOR_DIST);
  return files[0];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = await buildFloor();
  console.log(`[floor] built ${path.relative(ROOT, path.join(FLOOR_DIST, file))}`);
}
