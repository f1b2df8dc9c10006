import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shellConfig } from '@esim/build/webpack';

export default shellConfig({
  dirname: path.dirname(fileURLToPath(import.meta.url)),
  port: Number(process.env.SHELL_PORT ?? 8080),
  title: 'eSIM Shop',
  routeTable: './src/app/routes/route-table.json',
  // Server-side rendering: dist/server/render.js, required by the site host (tools/build/host/ssr.mjs).
  serverEntry: './src/server/render.tsx',
});
