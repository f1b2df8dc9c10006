import { getStorage, STORAGE_KEYS } from 'shared-contracts';

/** A login receipt is stored (the slot's profiles and buying need the owner's login). */
export function hasLogin(): boolean {
  return Boolean(getStorage().get(STORAGE_KEYS.RECEIPT));
}

/** The login page, which comes back to `path` (same-site) once logged in. */
export function loginPath(path: string): string {
  return `/user/login?redirect=${encodeURIComponent(path)}`;
}

/** Paths of this remote's pages for a slot. */
export const slotPaths = {
  shop: (eid: string) => `/esim/shop/${encodeURIComponent(eid)}`,
  remote: (eid: string) => `/esim/${encodeURIComponent(eid)}?mode=search`,
};
