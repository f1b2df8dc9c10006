import { createApiClient, type ApiClient } from 'shared-contracts';

let client: ApiClient | undefined;

/** This remote's api client (/eshop on the page's origin, the receipt from local storage), made on first use. */
export function getApiClient(): ApiClient {
  client ??= createApiClient();
  return client;
}
