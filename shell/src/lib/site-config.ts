import { type ApiClient, type CallResponse } from 'shared-contracts';

export type SiteConfig = CallResponse<'getConfig'>;

let asked = new WeakMap<ApiClient, Map<string, Promise<SiteConfig | null>>>();

/** Forgets every kept answer (tests: one page per test). */
export function forgetSiteConfig(): void {
  asked = new WeakMap();
}

/**
 * The site configuration for a page address (getConfig), asked once per page for everything in the shell that needs
 * it (the locale lists, the support chat link): one call instead of one per reader. A failed answer (null) is not
 * kept, so the next reader asks again.
 */
export function siteConfig(client: ApiClient, url: string): Promise<SiteConfig | null> {
  let byUrl = asked.get(client);
  if (!byUrl) {
    byUrl = new Map();
    asked.set(client, byUrl);
  }
  const known = byUrl.get(url);
  if (known) return known;
  const kept = byUrl;
  const pending = client.call('getConfig', { url }, { closeMessage: true }).then((result) => {
    if (!result.ok) kept.delete(url);
    return result.ok ? result.data : null;
  });
  byUrl.set(url, pending);
  return pending;
}
