import { describeLocaleFolder } from 'shared-contracts/testing/locales';

describeLocaleFolder('pool', __dirname, ['poolCard.total']);
