import { moreText } from '../../lib/text-more';

/** `t` of the cardMore namespace (home and activity strings); suspends until the language's bundle is in. */
export const useHomeText = () => moreText.useRemoteTranslation();
