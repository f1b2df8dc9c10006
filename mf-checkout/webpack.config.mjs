import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPackageConfigs } from '../shell/webpack/mf-config.mjs';

const dirname = path.dirname(fileURLToPath(import.meta.url));

export default createPackageConfigs({
  dirname: dirname,
  name: 'mf_checkout',
  port: Number(process.env.MF_CHECKOUT_PORT ?? 8085),
  title: 'mf_checkout (standalone)',
  exposes: { './routes': './src/routes.tsx' },
});
