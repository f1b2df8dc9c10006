import { type MailMessage } from '../../mail';

export interface SupportMailDetails {
  threadId: number;
  body: string;
  email: string | null;
  iccid: string | null;
  lang: string | null;
  userId: number | null;
}

/** The operators' copy of a new support message: who wrote, about which card, and the text. */
export function supportMessageMail(to: string, details: SupportMailDetails): MailMessage {
  const from = details.email ?? (details.iccid ? `card ${details.iccid}` : 'a visitor');
  return {
    to,
    template: 'support-message',
    subject: `Support message from ${from} (thread ${details.threadId})`,
    text: [
      `Thread: ${details.threadId}`,
      `Account: ${details.userId === null ? 'visitor (not logged in)' : `user ${details.userId}`}`,
      `Reply to: ${details.email ?? 'no e-mail given'}`,
      `ICCID: ${details.iccid ?? '-'}`,
      `Language: ${details.lang ?? '-'}`,
      '',
      details.body,
    ].join('\n'),
  };
}
