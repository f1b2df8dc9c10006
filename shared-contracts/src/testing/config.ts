import { type Config } from '../schemas';

/** The getConfig answer of a plain site (English, USD, no app links, no third-party login), with overrides. */
export function siteConfig(overrides: Partial<Config> = {}): Config {
  return {
    lang_list: ['en'],
    ccy_list: ['USD'],
    login_url: '/user/login',
    android_download: '',
    ios_download: '',
    production: false,
    facebook: '',
    google: '',
    ...overrides,
  };
}
