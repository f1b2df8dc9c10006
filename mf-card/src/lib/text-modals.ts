import { createRemoteI18n, type Bundle } from 'shared-contracts/ui';

/** 'cardModals': the card page's dialogs and sheets (unlock, e-mail, coverage, bind, categories) (src/locales/modals/). */
export const modalsText = createRemoteI18n('cardModals', (lang) =>
  // No chunk name: the remote entry lists every chunk, and unnamed ones cost it a short id only.
  import(`../locales/modals/${lang}.json`).then((module: { default: Bundle }) => module.default),
);
