import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { settleConcurrently } from './lib/concurrently';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Which template produced it (verification code, order e-mail, ...); for logs and tests. */
  template: string;
  /** Extra headers (List-Unsubscribe on alert mails). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): void;
}

export interface MailerOptions {
  from: string;
  smtpUrl?: string;
  outboxDir: string;
}

function fileSafe(value: string): string {
  return value.replace(/[^a-zA-Z0-9@._-]+/g, '_').slice(0, 80);
}

/**
 * SMTP when SMTP_URL is set. Otherwise every mail becomes two files in the outbox folder: the raw message
 * (.eml, opens in any mail client) and a .json summary a developer or a test can read.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
        });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
      await mkdir(options.outboxDir, { recursive: true });
      sequence += 1;
      const stem = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(4, '0')}-${fileSafe(message.template)}-${fileSafe(message.to)}`;
      const raw = info.message;
      await writeFile(path.join(options.outboxDir, `${stem}.eml`), Buffer.isBuffer(raw) ? raw : String(raw));
      // Written aside, then renamed: whoever reads the outbox (a person, the e2e suite) never sees half a file.
      const json = path.join(options.outboxDir, `${stem}.json`);
      await writeFile(
        `${json}.partial`,
        `${JSON.stringify({ from: options.from, ...message, date: new Date().toISOString() }, null, 2)}\n`,
      );
      await rename(`${json}.partial`, json);
    },
  };
}

/** Keeps mails in memory: for tests. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

/** One mail's outcome: error null when it was handed over. */
export interface MailOutcome {
  message: MailMessage;
  error: string | null;
}

/** Records mails' outcomes (table mail_log), all in one write. */
export type MailLogger = (outcomes: readonly MailOutcome[]) => Promise<void>;

/**
 * Sends mails, `atOnce` at a time, and logs every outcome in one write; answers each mail's result in order (the
 * caller decides what a failure means, usually a retry of its job).
 */
export async function sendAllLogged(
  mailer: Mailer,
  messages: readonly MailMessage[],
  log: MailLogger,
  atOnce: number,
): Promise<Array<PromiseSettledResult<void>>> {
  if (messages.length === 0) return [];
  const results = await settleConcurrently(messages, atOnce, (message) => mailer.send(message));
  await log(
    messages.map((message, index) => {
      const result = results[index];
      return { message, error: result?.status === 'rejected' ? String(result.reason).slice(0, 500) : null };
    }),
  );
  return results;
}

/** Sends a mail and logs the outcome; a failure is logged, then thrown on (the caller's job retries it). */
export async function sendLogged(mailer: Mailer, message: MailMessage, log: MailLogger): Promise<void> {
  const [result] = await sendAllLogged(mailer, [message], log, 1);
  if (result?.status === 'rejected') throw result.reason;
}
