import { createApiClient, type ApiClient, type ApiClientOptions } from 'shared-contracts';
import { fetchWithEarly } from './early-calls';

// The page's fetch takes the answers of requests the early script already sent (lib/early-calls).
let client: ApiClient = createApiClient({ fetch: fetchWithEarly() });

/** The api client of this remote: /eshop on the page's origin, or the partner page's apiBase (embed). */
export function getApiClient(): ApiClient {
  return client;
}

export function configureApiClient(options: ApiClientOptions): void {
  client = createApiClient({ fetch: fetchWithEarly(), ...options });
}
