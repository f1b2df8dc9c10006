import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getBus, STORAGE_KEYS, type CallResponse } from 'shared-contracts';
import { renderRemote, stubCalls, type CallAnswer } from 'shared-contracts/testing';
import { forgetSiteConfig } from '../../../lib/site-config';
import { DEMO_CONFIG, shellApp } from '../../../testing/app';
import { Header } from './Header';
import { SupportHost } from './SupportHost';

// The page asks getConfig once; each test is a new page.
beforeEach(() => forgetSiteConfig());

const ICCID = '89880000000000000001';
const NOTICES = { notice: null, list: [], unread: 0 };
type SupportMessage = CallResponse<'supportThread'>['messages'][number];

interface Sent {
  client_id: string;
  body: string;
}

/** An api whose support thread lives in memory; `sendAnswer` decides what each send gets. */
function supportApi(options: {
  supportUrl?: string;
  sendAnswer?: (sent: Sent) => CallAnswer<'supportSend'> | Promise<CallAnswer<'supportSend'>>;
}) {
  const thread: SupportMessage[] = [];
  const store = (sent: Sent) => {
    if (!thread.some((message) => message.client_id === sent.client_id)) {
      thread.push({
        id: thread.length + 1,
        client_id: sent.client_id,
        sender: 'user',
        body: sent.body,
        auto: false,
        create: 1_700_000_000,
      });
    }
    return { messages: [...thread] };
  };
  return stubCalls({
    getConfig: {
      ...DEMO_CONFIG,
      ...(options.supportUrl !== undefined ? { support_url: options.supportUrl } : {}),
    },
    checkNotice: NOTICES,
    sendEchatIccid: { url: '' },
    supportThread: () => ({ messages: [...thread] }),
    supportSend: (request) => (options.sendAnswer ?? store)(request),
  });
}

async function openChat() {
  await userEvent.click(screen.getByRole('button', { name: 'Customer support' }));
  return screen.findByTestId('support-chat');
}

describe('support chat (built-in: nothing configured)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows a sent message at once as sending, then as sent, and keeps it in the thread', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stored: Sent[] = [];
    const network = supportApi({
      sendAnswer: async (sent) => {
        await gate;
        stored.push(sent);
        return {
          messages: [
            { id: 1, client_id: sent.client_id, sender: 'user', body: sent.body, auto: false, create: 1_700_000_000 },
            { id: 2, client_id: '', sender: 'agent', body: 'ack', auto: true, create: 1_700_000_000 },
          ],
        };
      },
    });
    await renderRemote(
      <>
        <Header />
        <SupportHost />
      </>,
      shellApp({ stored: { DEVICE_ITEM_ICCID: ICCID } }),
    );
    const chat = await openChat();
    expect(within(chat).getByTestId('support-who')).toHaveTextContent(`Card: ${ICCID}`);
    expect(await within(chat).findByText(/Ask us anything/)).toBeInTheDocument();

    const box = within(chat).getByLabelText('Message');
    await userEvent.type(box, 'My data stopped working');
    expect(within(chat).getByTestId('support-counter')).toHaveTextContent('23/1000');
    await userEvent.click(within(chat).getByRole('button', { name: 'Send' }));

    const item = within(chat).getByText('My data stopped working').closest('[data-testid="support-message"]')!;
    expect(item).toHaveTextContent('Sending…');
    expect(box).toHaveValue('');

    await act(async () => release());
    await waitFor(() => expect(within(chat).getByText('Sent')).toBeInTheDocument());
    expect(within(chat).getByText(/we got your message/)).toBeInTheDocument();
    expect(stored).toEqual([expect.objectContaining({ body: 'My data stopped working', iccid: ICCID, lang: 'en' })]);
    expect(window.localStorage.getItem(STORAGE_KEYS.SUPPORT_OUTBOX)).toBeNull();
    // A visitor's thread is found by this device's token.
    const token = window.localStorage.getItem(STORAGE_KEYS.SUPPORT_TOKEN);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(network.callsTo('supportSend')[0]?.body).toMatchObject({ token });
  });

  it('keeps a message that failed, with Retry, across closing the sheet, and sends it on Retry', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let online = false;
    const thread: SupportMessage[] = [];
    const network = supportApi({
      sendAnswer: (sent) => {
        // A proxy's 502 page is no envelope: the client sees a transport failure, as with no network at all.
        if (!online) throw new TypeError('502 Bad Gateway');
        thread.push({ id: 1, client_id: sent.client_id, sender: 'user', body: sent.body, auto: false, create: 1 });
        return { messages: [...thread] };
      },
    });
    await renderRemote(
      <>
        <Header />
        <SupportHost />
      </>,
      shellApp(),
    );
    let chat = await openChat();
    await userEvent.type(within(chat).getByLabelText('Message'), 'Please call me back');
    await userEvent.click(within(chat).getByRole('button', { name: 'Send' }));

    expect(await within(chat).findByText('Not sent')).toBeInTheDocument();
    expect(within(chat).getByText('Please call me back')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.SUPPORT_OUTBOX)).toContain('Please call me back');

    // Closing and reopening: still there (the page could have been reloaded just as well).
    await userEvent.click(within(chat).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('support-chat')).not.toBeInTheDocument());
    chat = await openChat();
    expect(await within(chat).findByText('Please call me back')).toBeInTheDocument();
    expect(await within(chat).findByRole('button', { name: 'Retry' })).toBeInTheDocument();

    online = true;
    await userEvent.click(within(chat).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(chat).getByText('Sent')).toBeInTheDocument());
    expect(within(chat).queryByText('Not sent')).not.toBeInTheDocument();
    expect(within(chat).getAllByText('Please call me back')).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.SUPPORT_OUTBOX)).toBeNull();
    // Every try carried the same id: the api stores the message once.
    const ids = network.callsTo('supportSend').map((call) => call.body.client_id);
    expect(new Set(ids).size).toBe(1);
  });

  it('keeps the text being written when the sheet is closed', async () => {
    supportApi({});
    await renderRemote(
      <>
        <Header />
        <SupportHost />
      </>,
      shellApp(),
    );
    let chat = await openChat();
    await userEvent.type(within(chat).getByLabelText('Message'), 'Half a thought');
    await userEvent.click(within(chat).getByRole('button', { name: 'Close' }));
    chat = await openChat();
    expect(within(chat).getByLabelText('Message')).toHaveValue('Half a thought');
  });

  it('asks a visitor for an e-mail and refuses a malformed one', async () => {
    const network = supportApi({});
    await renderRemote(
      <>
        <Header />
        <SupportHost />
      </>,
      shellApp(),
    );
    const chat = await openChat();
    await userEvent.type(within(chat).getByLabelText('Your e-mail (so we can answer)'), 'not-an-email');
    await userEvent.type(within(chat).getByLabelText('Message'), 'Hello');
    await userEvent.click(within(chat).getByRole('button', { name: 'Send' }));
    expect(within(chat).getByRole('alert')).toHaveTextContent('Please enter a valid e-mail address.');
    expect(network.callsTo('supportSend')).toHaveLength(0);
    expect(within(chat).getByLabelText('Message')).toHaveValue('Hello');
  });

  it('ignores a configured link that is not http(s) and opens the built-in chat', async () => {
    supportApi({ supportUrl: 'javascript:alert(1)' });
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    try {
      await renderRemote(
        <>
          <Header />
          <SupportHost />
        </>,
        shellApp(),
      );
      expect(await openChat()).toBeInTheDocument();
      expect(open).not.toHaveBeenCalled();
    } finally {
      open.mockRestore();
    }
  });
});

describe('support chat (external service configured)', () => {
  it('opens the configured chat in a new tab with the e-mail and ICCID, and reports the card click', async () => {
    const network = supportApi({ supportUrl: 'https://chat.example.com/help?site=shop' });
    const tab = { opener: {} } as unknown as Window;
    const open = jest.spyOn(window, 'open').mockImplementation(() => tab);
    try {
      await renderRemote(<SupportHost />, shellApp());
      await act(async () => getBus().publish('support:open', { email: 'demo@example.com', iccid: ICCID }));
      await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
      const url = new URL(String(open.mock.calls[0]?.[0]));
      expect(url.origin + url.pathname).toBe('https://chat.example.com/help');
      expect(url.searchParams.get('site')).toBe('shop');
      expect(url.searchParams.get('email')).toBe('demo@example.com');
      expect(url.searchParams.get('iccid')).toBe(ICCID);
      expect(open.mock.calls[0]?.[1]).toBe('_blank');
      expect(tab.opener).toBeNull();
      expect(screen.queryByTestId('support-chat')).not.toBeInTheDocument();
      expect(network.callsTo('sendEchatIccid')[0]?.body).toEqual({ iccid: ICCID, email: 'demo@example.com' });
    } finally {
      open.mockRestore();
    }
  });

  it('offers the link in a sheet when the browser blocked the new tab', async () => {
    supportApi({ supportUrl: 'https://chat.example.com/help' });
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    try {
      await renderRemote(<SupportHost />, shellApp());
      await act(async () => getBus().publish('support:open', { email: 'demo@example.com' }));
      const link = await screen.findByRole('link', { name: 'Open the support chat' });
      expect(link).toHaveAttribute('href', 'https://chat.example.com/help?email=demo%40example.com');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    } finally {
      open.mockRestore();
    }
  });
});

describe('notices button', () => {
  it('says how many notices are unread and shows a dot', async () => {
    const network = stubCalls({
      getConfig: DEMO_CONFIG,
      checkNotice: {
        notice: null,
        list: [1, 2, 3, 4].map((id) => ({ id, title: `N${id}`, content: '', link: '', create: 1, read: false })),
        unread: 4,
      },
    });
    // Notice 4 was opened on this device (a visitor's read mark).
    await renderRemote(<Header />, shellApp({ stored: { DEVICE_ITEM_ICCID: ICCID, NOTICE_READ: '[4]' } }));
    expect(await screen.findByRole('link', { name: 'Notices, 3 unread' })).toHaveAttribute('href', '/card/msg');
    expect(screen.getByTestId('notices-unread')).toBeInTheDocument();
    expect(network.callsTo('checkNotice')[0]?.body).toMatchObject({ iccid: ICCID, lang: 'en' });
  });

  it('has no dot when everything is read', async () => {
    const network = stubCalls({ getConfig: DEMO_CONFIG, checkNotice: NOTICES });
    await renderRemote(<Header />, shellApp());
    await waitFor(() => expect(network.callsTo('checkNotice')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Notices' })).toBeInTheDocument();
    expect(screen.queryByTestId('notices-unread')).not.toBeInTheDocument();
  });
});
