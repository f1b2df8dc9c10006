import { type ApiClient, type CallResponse, type Language } from 'shared-contracts';
import { siteConfig } from '../../../lib/site-config';

export type SupportMessage = CallResponse<'supportThread'>['messages'][number];

export type ThreadResult = { ok: true; messages: SupportMessage[] } | { ok: false };

/** The caller's conversation (the chat shows its own error, so the client stays quiet). */
export async function loadThread(client: ApiClient, token: string): Promise<ThreadResult> {
  const result = await client.call('supportThread', { token }, { closeMessage: true });
  return result.ok ? { ok: true, messages: result.data.messages } : { ok: false };
}

export interface OutgoingMessage {
  token: string;
  client_id: string;
  body: string;
  email?: string;
  iccid?: string;
  lang?: Language;
}

export async function sendMessage(client: ApiClient, message: OutgoingMessage): Promise<ThreadResult> {
  const result = await client.call(
    'supportSend',
    {
      token: message.token,
      client_id: message.client_id,
      body: message.body,
      ...(message.email ? { email: message.email } : {}),
      ...(message.iccid ? { iccid: message.iccid } : {}),
      ...(message.lang ? { lang: message.lang } : {}),
    },
    { closeMessage: true },
  );
  return result.ok ? { ok: true, messages: result.data.messages } : { ok: false };
}

/** The configured external chat ('' = none, null = could not ask). */
export async function loadSupportUrl(client: ApiClient, pageUrl: string): Promise<string | null> {
  // The same answer the locale lists came from (one getConfig per page).
  const config = await siteConfig(client, pageUrl);
  return config ? (config.support_url ?? '') : null;
}

/** Reports the support click for a card (/echat/click); the answer is not needed. */
export function recordSupportClick(client: ApiClient, iccid: string, email?: string): void {
  void client.call('sendEchatIccid', { iccid, ...(email ? { email } : {}) }, { closeMessage: true });
}
