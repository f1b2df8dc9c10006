import { type ApiClient } from 'shared-contracts';
import { safeLink } from 'shared-contracts/links';

export interface AppLinks {
  android: string;
  ios: string;
}

/** The app store links of the site's configuration; only http(s) links survive ('' = not offered). */
export async function loadAppLinks(api: ApiClient, url: string): Promise<AppLinks> {
  const result = await api.call('getConfig', { url }, { closeMessage: true });
  if (!result.ok) return { android: '', ios: '' };
  return { android: httpOnly(result.data.android_download), ios: httpOnly(result.data.ios_download) };
}

/** An app link leaves the shop: an absolute http(s) URL, never a site path or another scheme. */
function httpOnly(link: string): string {
  const safe = safeLink(link);
  return /^https?:\/\//i.test(safe) ? safe : '';
}
