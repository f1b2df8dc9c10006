import { createRemoteI18n, type Bundle } from 'shared-contracts/ui';

/**
 * 'shellSupport': the support chat's text (src/locales/support/<lang>.json), fetched when the chat or the link
 * sheet opens, not with the shell's first view.
 */
export const supportText = createRemoteI18n('shellSupport', (lang) =>
  import(`../../../locales/support/${lang}.json`).then((module: { default: Bundle }) => module.default),
);
