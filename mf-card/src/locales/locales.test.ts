import path from 'node:path';
import { describeLocaleFolder } from 'shared-contracts/testing/locales';

// mf-card's namespaces in all 16 languages: 'card' (the card route) and 'cardMore' (every other screen and dialog).
describeLocaleFolder('card', __dirname, ['card.defaultName', 'card.defaultProfileName', 'card.total']);
describeLocaleFolder('cardMore', path.join(__dirname, 'more'));
