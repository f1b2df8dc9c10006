import { randomBytes } from 'node:crypto';
import { createTestApp, loginDemo, post, type TestApp } from '../helpers/app';

interface SupportMessage {
  id: number;
  client_id: string;
  sender: 'user' | 'agent';
  body: string;
  auto: boolean;
  create: number;
}
interface Thread {
  messages: SupportMessage[];
}

const deviceToken = () => randomBytes(32).toString('base64url');
const clientId = () => randomBytes(12).toString('base64url');

let t: TestApp;
const previousEnv = { ...process.env };
beforeAll(async () => {
  process.env.SUPPORT_EMAIL = 'helpdesk@example.com';
  t = await createTestApp();
});
afterAll(async () => {
  process.env = previousEnv;
  await t.close();
});
beforeEach(() => {
  t.mailer.sent.length = 0;
});

describe('support chat: a logged-in user', () => {
  it('sends a message, gets an acknowledgement and reads the thread back', async () => {
    const demo = await loginDemo(t.app);
    const id = clientId();
    const sent = await post<Thread>(
      t.app,
      '/support/send',
      { client_id: id, body: '  My card shows no data  ', iccid: '89880000000000000001', lang: 'en' },
      { token: demo.token },
    );
    expect(sent.status).toBe(200);
    expect(sent.body.code).toBe(10000);
    const [mine, ack] = sent.body.data.messages.slice(-2);
    expect(mine).toMatchObject({ client_id: id, sender: 'user', body: 'My card shows no data', auto: false });
    expect(ack).toMatchObject({ sender: 'agent', auto: true, client_id: '' });

    const read = await post<Thread>(t.app, '/support/thread', {}, { token: demo.token, prefix: '/eshop/api' });
    expect(read.body.code).toBe(10000);
    expect(read.body.data.messages.map((message) => message.body)).toContain('My card shows no data');
  });

  it('mails each new message to the operators with the sender and the card', async () => {
    const demo = await loginDemo(t.app);
    await post(t.app, '/support/send', { client_id: clientId(), body: 'Refund please' }, { token: demo.token });
    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0]!;
    expect(mail.to).toBe('helpdesk@example.com');
    expect(mail.template).toBe('support-message');
    expect(mail.subject).toContain('demo@example.com');
    expect(mail.text).toContain('Refund please');
    const logged = await t.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_log WHERE template = 'support-message' AND to_address = $1`,
      ['helpdesk@example.com'],
    );
    expect(logged?.n).toBeGreaterThan(0);
  });

  it('stores a retried message once and mails it once', async () => {
    const demo = await loginDemo(t.app);
    const id = clientId();
    const first = await post<Thread>(t.app, '/support/send', { client_id: id, body: 'Twice?' }, { token: demo.token });
    const again = await post<Thread>(t.app, '/support/send', { client_id: id, body: 'Twice?' }, { token: demo.token });
    expect(again.body.code).toBe(10000);
    expect(again.body.data.messages.filter((message) => message.client_id === id)).toHaveLength(1);
    expect(again.body.data.messages).toHaveLength(first.body.data.messages.length);
    expect(t.mailer.sent).toHaveLength(1);
  });

  it('never shows one account the thread of another', async () => {
    const demo = await loginDemo(t.app);
    await post(t.app, '/support/send', { client_id: clientId(), body: 'Only for demo' }, { token: demo.token });
    const other = await loginDemo(t.app, 'other@example.com', 'other-password-1');
    const read = await post<Thread>(t.app, '/support/thread', {}, { token: other.token });
    expect(read.body.code).toBe(10000);
    expect(read.body.data.messages.map((message) => message.body)).not.toContain('Only for demo');

    const written = await post<Thread>(
      t.app,
      '/support/send',
      { client_id: clientId(), body: 'From other' },
      { token: other.token },
    );
    expect(written.body.data.messages.map((message) => message.body)).toEqual([
      'From other',
      expect.stringContaining('we got your message'),
    ]);
    const demoAgain = await post<Thread>(t.app, '/support/thread', {}, { token: demo.token });
    expect(demoAgain.body.data.messages.map((message) => message.body)).not.toContain('From other');
  });
});

describe('support chat: a visitor', () => {
  it('keeps a thread under the device token, which another token cannot read', async () => {
    const token = deviceToken();
    const sent = await post<Thread>(t.app, '/support/send', {
      token,
      client_id: clientId(),
      body: 'Hello from a visitor',
      email: 'Visitor@Example.com',
    });
    expect(sent.body.code).toBe(10000);
    expect(t.mailer.sent[0]?.text).toContain('visitor@example.com');

    const same = await post<Thread>(t.app, '/support/thread', { token });
    expect(same.body.data.messages[0]).toMatchObject({ sender: 'user', body: 'Hello from a visitor' });

    const wrong = await post<Thread>(t.app, '/support/thread', { token: deviceToken() });
    expect(wrong.body.code).toBe(10000);
    expect(wrong.body.data.messages).toEqual([]);

    // Writing with another token starts that device's own thread; the first one is untouched.
    await post(t.app, '/support/send', { token: deviceToken(), client_id: clientId(), body: 'Intruder' });
    const after = await post<Thread>(t.app, '/support/thread', { token });
    expect(after.body.data.messages.map((message) => message.body)).not.toContain('Intruder');
  });

  it('does not let a logged-in user read a visitor thread without its token', async () => {
    const token = deviceToken();
    await post(t.app, '/support/send', { token, client_id: clientId(), body: 'Visitor secret' });
    const other = await loginDemo(t.app, 'other@example.com', 'other-password-1');
    const read = await post<Thread>(t.app, '/support/thread', {}, { token: other.token });
    expect(read.body.data.messages.map((message) => message.body)).not.toContain('Visitor secret');
  });

  it('moves the device thread into the account of whoever logs in on that device', async () => {
    const token = deviceToken();
    await post(t.app, '/support/send', { token, client_id: clientId(), body: 'Before login' });
    const other = await loginDemo(t.app, 'other@example.com', 'other-password-1');
    const read = await post<Thread>(t.app, '/support/thread', { token }, { token: other.token });
    expect(read.body.data.messages.map((message) => message.body)).toContain('Before login');
    const visitorView = await post<Thread>(t.app, '/support/thread', { token });
    expect(visitorView.body.data.messages).toEqual([]);
  });
});

describe('support chat: validation', () => {
  it('asks a visitor for a token (10002, not a 500)', async () => {
    const { status, body } = await post(t.app, '/support/thread', {});
    expect(status).toBeLessThan(500);
    expect(body.code).toBe(10002);
  });

  it.each([
    ['an empty message', { body: '   ' }],
    ['a message over 1000 characters', { body: 'x'.repeat(1001) }],
    ['a malformed token', { body: 'hi', token: 'short' }],
    ['a malformed client id', { body: 'hi', client_id: 'no spaces allowed' }],
    ['a bad e-mail', { body: 'hi', email: 'not-an-email' }],
    ['an unknown field', { body: 'hi', thread_id: 1 }],
    ['a number as text', { body: 42 }],
  ])('refuses %s with 10002', async (_label, change) => {
    const { status, body } = await post(t.app, '/support/send', {
      token: deviceToken(),
      client_id: clientId(),
      ...change,
    });
    expect(status).toBeLessThan(500);
    expect(body.code).toBe(10002);
  });

  it('accepts exactly 1000 characters', async () => {
    const { body } = await post<Thread>(t.app, '/support/send', {
      token: deviceToken(),
      client_id: clientId(),
      body: 'y'.repeat(1000),
    });
    expect(body.code).toBe(10000);
    expect(body.data.messages[0]?.body).toHaveLength(1000);
  });
});

describe('getConfig support_url', () => {
  it('is empty without a configured chat, and the configured http(s) URL with SUPPORT_CHAT_URL', async () => {
    const none = await post<{ support_url?: string }>(t.app, '/get/config', { url: '' });
    expect(none.body.data.support_url).toBe('');

    process.env.SUPPORT_CHAT_URL = 'https://chat.example.com/widget';
    const configured = await createTestApp({ seed: false });
    try {
      const { body } = await post<{ support_url?: string }>(configured.app, '/get/config', { url: '' });
      expect(body.data.support_url).toBe('https://chat.example.com/widget');
    } finally {
      delete process.env.SUPPORT_CHAT_URL;
      await configured.close();
    }
  });

  it('ignores a configured link that is not http(s)', async () => {
    await t.app.site.setConfig('support_url', 'javascript:alert(1)');
    try {
      const { body } = await post<{ support_url?: string }>(t.app, '/get/config', { url: '' });
      expect(body.data.support_url).toBe('');
    } finally {
      await t.app.site.setConfig('support_url', '');
    }
  });
});
