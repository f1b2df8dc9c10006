import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPackageConfigs } from '../shell/webpack/mf-config.mjs';

const dirname = path.dirname(fileURLToPath(import.meta.url));

export default createPackageConfigs({
  dirname: dirname,
  name: 'mf_pool',
  port: Number(process.env.MF_POOL_PORT ?? 8082),
  title: 'mf_pool (standalone)',
  exposes: {
    './routes': './src/routes.tsx',
    './PoolCard': './src/features/pool-card/PoolCard.tsx',
    './PoolPlanList': './src/features/pool-plans/PoolPlanList.tsx',
  },
});
