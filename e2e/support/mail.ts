import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  template: string;
  date: string;
}

/** Mails the api wrote to its outbox folder (no SMTP_URL in the e2e run), newest last. */
export function outbox(): OutboxMail[] {
  const dir = process.env.E2E_MAIL_OUTBOX;
  if (!dir) throw new Error('E2E_MAIL_OUTBOX is not set (global-setup sets it)');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as OutboxMail);
}

/** The 6-digit code of the newest mail to `to` whose template matches, once it has arrived. */
export async function mailedCode(to: string, template: RegExp, after = ''): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      const mail = outbox()
        .filter((m) => m.to === to && template.test(m.template) && m.date > after)
        .pop();
      code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}
