import { createApiClient, type ApiClient } from 'shared-contracts';

const client: ApiClient = createApiClient();

/** The api client of this remote: /eshop on the page's origin. */
export function getApiClient(): ApiClient {
  return client;
}
