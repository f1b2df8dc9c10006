// Shared as 'react-i18next': the hooks and provider the site uses (see react-router-dom.mjs for why a list).
// <Trans> (about 3 KB gzip) is left out until a screen needs markup inside a translation.
export { useTranslation, initReactI18next, I18nextProvider, getI18n, setI18n } from '@eshop-impl/react-i18next';
