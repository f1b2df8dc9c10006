import { type ApiClient } from 'shared-contracts';

/** Syncs region and currency to the account (spec: /v1/user/set with closeMessage). */
export async function saveUserSettings(client: ApiClient, settings: { area: string; ccy: string }): Promise<boolean> {
  const result = await client.call('userSet', settings, { closeMessage: true });
  return result.ok;
}
