import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPackageConfigs } from '../shell/webpack/mf-config.mjs';

const dirname = path.dirname(fileURLToPath(import.meta.url));

export default createPackageConfigs({
  dirname: dirname,
  name: 'mf_esim',
  port: Number(process.env.MF_ESIM_PORT ?? 8083),
  title: 'mf_esim (standalone)',
  exposes: {
    './routes': './src/routes.tsx',
    './SlotCard': './src/features/widgets/SlotCard.tsx',
    './EsimCard': './src/features/widgets/EsimCard.tsx',
  },
});
