import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPackageConfigs } from '../shell/webpack/mf-config.mjs';

const dirname = path.dirname(fileURLToPath(import.meta.url));

export default createPackageConfigs({
  dirname: dirname,
  name: 'mf_account',
  port: Number(process.env.MF_ACCOUNT_PORT ?? 8084),
  title: 'mf_account (standalone)',
  exposes: { './routes': './src/routes.tsx' },
});
