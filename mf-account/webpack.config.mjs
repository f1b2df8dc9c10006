import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfigs } from '@esim/build/webpack';

export default remoteConfigs({
  dirname: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mf_account',
  port: Number(process.env.MF_ACCOUNT_PORT ?? 8084),
  title: 'mf_account (standalone)',
  // The remote's public API: keep it short and stable.
  exposes: {
    './routes': './src/routes.tsx',
    './standalone': './src/standalone.tsx',
  },
});
