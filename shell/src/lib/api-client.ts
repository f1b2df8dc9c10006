import { createApiClient, type ApiClient } from 'shared-contracts';

/** The shell's client: calls go to /eshop on this origin (the shell host proxies them to the api). */
export const apiClient: ApiClient = createApiClient();
