export interface DemoClient {
  client_id: string;
  /** Absent: a public client (PKCE only). */
  client_secret?: string;
  redirect_uris: string[];
}

export interface DemoProvider {
  issuer: string;
  port: number;
  close(): Promise<void>;
}

/** A real OpenID Connect provider (oidc-provider) on this machine; any e-mail signs in. Never for production. */
export function startDemoProvider(options: {
  port?: number;
  host?: string;
  clients: DemoClient[];
  label?: string;
}): Promise<DemoProvider>;
