import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { type ApiClient, type Language } from 'shared-contracts';
import { whenIdle } from '../../../lib/idle';

/**
 * The unread count behind the notices button, for the card last opened on this device. Asked again after each
 * navigation (reading notices on /card/msg lowers it), on a login change and on a language change.
 */
export function useUnreadNotices(client: ApiClient, lang: Language, userId: number | null): number {
  const { pathname } = useLocation();
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    let cancelled = false;
    // The count is not part of the first view: its code (and the card lookup) loads once the page has rendered.
    const cancelIdle = whenIdle(() => {
      void import(/* webpackChunkName: "unread-notices" */ '../api/unread-notices')
        .then((module) => module.unreadForPage(client, lang, pathname))
        .then((count) => {
          if (!cancelled) setUnread(count);
        });
    });
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [client, lang, userId, pathname]);
  return unread;
}
