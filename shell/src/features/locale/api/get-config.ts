import { type ApiClient, type CallResponse } from 'shared-contracts';

export type SiteConfig = CallResponse<'getConfig'>;

/** Site configuration for this page (language and currency lists, login links); null when unreachable. */
export async function getConfig(client: ApiClient, url: string): Promise<SiteConfig | null> {
  const result = await client.call('getConfig', { url }, { closeMessage: true });
  return result.ok ? result.data : null;
}
