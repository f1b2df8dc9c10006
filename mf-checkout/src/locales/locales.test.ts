import { describeLocaleFolder } from 'shared-contracts/testing/locales';

// mf-checkout's namespace 'checkout' in all 16 languages (card brand names and 'Total' may stay as they are).
describeLocaleFolder('checkout', __dirname, ['sheet.cardBrands', 'sheet.total']);
