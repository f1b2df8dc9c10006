import { describeLocaleFolder } from 'shared-contracts/testing/locales';

// mf-account's namespace 'account' in all 16 languages. Words several languages share with English on purpose.
describeLocaleFolder('account', __dirname, [
  'form.email',
  'form.password',
  'userInfo.email',
  'userInfo.region',
  'about.version',
]);
