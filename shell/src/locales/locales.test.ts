import path from 'node:path';
import { describeLocaleFolder } from 'shared-contracts/testing/locales';

// The shell's namespaces in all 16 languages: 'shell' (first view) and 'shellSupport' (the support chat).
describeLocaleFolder('shell', __dirname, ['header.brand', 'settings.region']);
describeLocaleFolder('shellSupport', path.join(__dirname, 'support'), ['support.chat.messageLabel', 'support.account']);
