import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPackageConfigs, createPartnerConfig } from '../shell/webpack/mf-config.mjs';

const dirname = path.dirname(fileURLToPath(import.meta.url));

// The remote (dist/) with its runtime provider, and the partner example page (dist/partner/, served on
// PARTNER_PORT by `pnpm serve`).
export default [
  ...createPackageConfigs({
    dirname,
    name: 'mf_card',
    port: Number(process.env.MF_CARD_PORT ?? 8081),
    title: 'mf_card (standalone)',
    exposes: { './routes': './src/routes.tsx', './embed': './src/embed.tsx' },
  }),
  createPartnerConfig({ dirname, name: 'mf_card', port: Number(process.env.PARTNER_PORT ?? 8090) }),
];
