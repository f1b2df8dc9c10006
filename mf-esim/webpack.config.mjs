import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfigs } from '@esim/build/webpack';

export default remoteConfigs({
  dirname: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mf_esim',
  port: Number(process.env.MF_ESIM_PORT ?? 8083),
  title: 'mf_esim (standalone)',
  // dist/server/remoteEntry.js: the card list's widgets for Node (the shell's server bundle draws them in the list).
  server: true,
  serverExposes: {
    './SlotCard': './src/features/widgets/SlotCard.tsx',
    './EsimCard': './src/features/widgets/EsimCard.tsx',
  },
  // The remote's public API: keep it short and stable.
  exposes: {
    './routes': './src/routes.tsx',
    './SlotCard': './src/features/widgets/SlotCard.tsx',
    './EsimCard': './src/features/widgets/EsimCard.tsx',
    './standalone': './src/standalone.tsx',
  },
});
