import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { isSitePath, safeLink } from './links';

/**
 * Opens a link from data: a path of this site through the router (no reload), an http(s) URL in a new tab (the shop
 * stays open behind it). Unsafe links open nothing. Returns whether something was opened.
 */
export function useOpenLink(): (link: string) => boolean {
  const navigate = useNavigate();
  return useCallback(
    (link: string) => {
      const safe = safeLink(link);
      if (!safe) return false;
      if (isSitePath(safe)) void navigate(safe);
      else window.open(safe, '_blank', 'noopener,noreferrer');
      return true;
    },
    [navigate],
  );
}
