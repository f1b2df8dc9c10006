import { describeLocaleFolder } from 'shared-contracts/testing/locales';

// cardPages (this folder): scan/home, purchased packages (/pkg) and SIM card settings (/card/set), 16 languages.
describeLocaleFolder('cardPages', __dirname);
