import { matchPath } from 'react-router-dom';
import { getStorage, STORAGE_KEYS } from 'shared-contracts';
import { validIccid } from 'shared-contracts/device';

/**
 * The card the page is about: the card page's own ICCID (/{flag}/{iccid}), else the card last opened on this
 * device (DEVICE_ITEM_ICCID; the card page stores it only once it has loaded).
 */
export function currentCardIccid(pathname: string): string | undefined {
  const onCardPage = matchPath('/:flag/:iccid', pathname)?.params.iccid;
  return validIccid(onCardPage) ?? validIccid(getStorage().get(STORAGE_KEYS.DEVICE_ITEM_ICCID));
}
