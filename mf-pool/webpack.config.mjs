import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfigs } from '@esim/build/webpack';

export default remoteConfigs({
  dirname: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mf_pool',
  port: Number(process.env.MF_POOL_PORT ?? 8082),
  title: 'mf_pool (standalone)',
  // dist/server/remoteEntry.js: the card list's widget for Node (the shell's server bundle draws it in the list).
  server: true,
  serverExposes: { './PoolCard': './src/components/pool-card/PoolCard.tsx' },
  // The remote's public API: keep it short and stable.
  exposes: {
    './routes': './src/routes.tsx',
    './PoolCard': './src/components/pool-card/PoolCard.tsx',
    './PoolPlanList': './src/components/pool-plans/PoolPlanList.tsx',
    './standalone': './src/standalone.tsx',
  },
});
