import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { getStorage, STORAGE_KEYS, type ApiClient, type Language } from 'shared-contracts';
import { countUnreadNotices } from '../api/unread-notices';
import { currentCardIccid } from '../lib/card-context';

/**
 * The unread count behind the notices button, for the card last opened on this device. Asked again after each
 * navigation (reading notices on /card/msg lowers it), on a login change and on a language change.
 */
export function useUnreadNotices(client: ApiClient, lang: Language, userId: number | null): number {
  const { pathname } = useLocation();
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    let cancelled = false;
    const storage = getStorage();
    const iccid = currentCardIccid(pathname) ?? null;
    const stored = storage.getJSON<unknown>(STORAGE_KEYS.NOTICE_READ);
    const readOnDevice = new Set(
      Array.isArray(stored) ? stored.filter((id): id is number => Number.isInteger(id)) : [],
    );
    void countUnreadNotices(client, lang, iccid, readOnDevice).then((count) => {
      if (!cancelled) setUnread(count);
    });
    return () => {
      cancelled = true;
    };
  }, [client, lang, userId, pathname]);
  return unread;
}
