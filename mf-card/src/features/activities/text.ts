import { homeText } from '../../lib/text-home';

/** `t` of the cardHome namespace (home and activity strings); suspends until the language's bundle is in. */
export const useHomeText = () => homeText.useRemoteTranslation();
