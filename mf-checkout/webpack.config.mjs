import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfigs } from '@esim/build/webpack';

export default remoteConfigs({
  dirname: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mf_checkout',
  port: Number(process.env.MF_CHECKOUT_PORT ?? 8085),
  title: 'mf_checkout (standalone)',
  // The remote's public API: keep it short and stable.
  exposes: {
    './routes': './src/routes.tsx',
    './CheckoutSheet': './src/sheet.tsx',
    // The pay return dialog the card page shows on returnType=suc (mf-checkout owns the return handling).
    './PayReturn': './src/features/pay-return/components/PayReturnDialog.tsx',
    './standalone': './src/standalone.tsx',
  },
});
