import { createApiClient, type ApiClient } from 'shared-contracts';

const DEFAULT_BASE = '/eshop';
const clients = new Map<string, ApiClient>();

/**
 * This remote's api client for `apiBase` (default /eshop on the page's origin; a partner page's sheet calls the
 * shop's absolute api base from its CheckoutRequest). One client per base, made on first use.
 */
export function getApiClient(apiBase?: string): ApiClient {
  const base = apiBase?.trim() || DEFAULT_BASE;
  let client = clients.get(base);
  if (!client) {
    client = createApiClient({ baseUrl: base });
    clients.set(base, client);
  }
  return client;
}
