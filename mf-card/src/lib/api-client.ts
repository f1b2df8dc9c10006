import { createApiClient, type ApiClient, type ApiClientOptions } from 'shared-contracts';

let client: ApiClient = createApiClient();

/** The api client of this remote: /eshop on the page's origin, or the partner page's apiBase (embed). */
export function getApiClient(): ApiClient {
  return client;
}

export function configureApiClient(options: ApiClientOptions): void {
  client = createApiClient(options);
}
