import { getStorage, type ApiClient, type Language } from 'shared-contracts';
import { readNoticeIds } from 'shared-contracts/device';
import { currentCardIccid } from '../lib/card-context';

/**
 * How many notices for this card (or the site) are unread; 0 when the api cannot say. `readOnDevice` are the ones
 * opened on this device (a visitor's read marks live only there).
 */
export async function countUnreadNotices(
  client: ApiClient,
  lang: Language,
  iccid: string | null,
  readOnDevice: ReadonlySet<number>,
): Promise<number> {
  const result = await client.call('checkNotice', { lang, ...(iccid ? { iccid } : {}) }, { closeMessage: true });
  if (!result.ok) return 0;
  return result.data.list.filter((notice) => !notice.read && !readOnDevice.has(notice.id)).length;
}

/** The unread count for the page at `pathname`: its card (or the card last opened here), minus device read marks. */
export function unreadForPage(client: ApiClient, lang: Language, pathname: string): Promise<number> {
  const storage = getStorage();
  const iccid = currentCardIccid(pathname) ?? null;
  return countUnreadNotices(client, lang, iccid, readNoticeIds(storage));
}
