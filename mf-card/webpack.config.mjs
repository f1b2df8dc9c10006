import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfigs } from '@esim/build/webpack';

export default remoteConfigs({
  dirname: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mf_card',
  port: Number(process.env.MF_CARD_PORT ?? 8081),
  title: 'mf_card (standalone)',
  // dist/server/remoteEntry.js: './routes' for Node, rendered by the shell's server bundle (SSR).
  server: true,
  // The remote's public API: keep it short and stable.
  exposes: {
    './routes': './src/routes.tsx',
    './embed': './src/embed.tsx',
    './standalone': './src/standalone.tsx',
  },
  // dist/embed.js: the partner embed (one script tag on a partner's page). partner-example/index.html is an
  // example partner page, served from source by `pnpm serve` (its script tag filled in with this deployment's address).
  scripts: { embed: './partner/embed.ts' },
  // What a route's first screen loads besides the route chunk (routes.tsx, components/parts.ts, lib/text-more.ts):
  // the site host preloads it with the page.
  firstView: {
    '/:flag/:iccid': ['card-purchase', 'card-activities', 'cardmore-strings-[lang]-json'],
    '/eshop/card/list': ['card-list-page', 'cardmore-strings-[lang]-json'],
    '/pkg': ['pkg-page', 'cardmore-strings-[lang]-json'],
  },
});
