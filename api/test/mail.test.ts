import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createMailer } from '../src/mail';

describe('outbox mailer (no SMTP_URL)', () => {
  it('writes each mail as a readable .eml and a .json summary', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'api-outbox-'));
    try {
      const mailer = createMailer({ from: 'Shop <shop@example.com>', outboxDir: path.join(dir, 'outbox') });
      await mailer.send({
        to: 'a@example.com',
        subject: 'Your code: 123456',
        text: 'Code 123456',
        template: 'code-signup',
      });
      const files = (await readdir(path.join(dir, 'outbox'))).sort();
      expect(files).toHaveLength(2);
      const eml = await readFile(path.join(dir, 'outbox', files.find((file) => file.endsWith('.eml')) ?? ''), 'utf8');
      expect(eml).toContain('To: a@example.com');
      expect(eml).toContain('Subject: Your code: 123456');
      const json = JSON.parse(
        await readFile(path.join(dir, 'outbox', files.find((file) => file.endsWith('.json')) ?? ''), 'utf8'),
      ) as { to: string; text: string };
      expect(json).toMatchObject({ to: 'a@example.com', text: 'Code 123456' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
