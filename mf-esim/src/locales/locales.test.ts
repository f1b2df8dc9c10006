import { describeLocaleFolder } from 'shared-contracts/testing/locales';

// mf-esim's namespace 'esim' in all 16 languages.
describeLocaleFolder('esim', __dirname, ['paid.ok', 'esimCard.total']);
