import { type ApiClient } from 'shared-contracts';
import { siteConfig, type SiteConfig } from '../../../lib/site-config';

export type { SiteConfig };

/** Site configuration for this page (language and currency lists, login links); null when unreachable. */
export function getConfig(client: ApiClient, url: string): Promise<SiteConfig | null> {
  return siteConfig(client, url);
}
