import path from 'node:path';
import { describeLocaleFolder } from 'shared-contracts/testing/locales';

// Every namespace of mf-card in all 16 languages: 'card' (the card route), 'cardHome', 'cardPages', 'cardModals'.
describeLocaleFolder('card', __dirname, ['card.defaultName', 'card.defaultProfileName', 'card.total']);
describeLocaleFolder('cardModals', path.join(__dirname, 'modals'));
