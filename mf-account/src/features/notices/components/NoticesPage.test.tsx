import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient, STORAGE_KEYS } from 'shared-contracts';
import { renderRemote, stubCalls, type CallsHandle } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { NoticesPage } from './NoticesPage';

const ICCID = '89880000000000000007';
const DAY = 86_400;
const NOW = 1_763_700_000;

const notice = (id: number, title: string, ageDays: number, read = false, link = '') => ({
  id,
  title,
  content: `${title}: the whole text of this notice.`,
  link,
  create: NOW - ageDays * DAY,
  read,
});

/** No network: what fetch does offline. */
const offline = (): never => {
  throw new TypeError('Failed to fetch');
};

async function renderNotices(route = '/card/msg') {
  await renderRemote(<NoticesPage client={createApiClient()} />, {
    route,
    path: '/card/msg',
    i18n: { namespaces: [remote] },
  });
}

describe('notices page (/card/msg)', () => {
  let api: CallsHandle;

  it('lists the notices of the last opened card, newest first, unread ones marked', async () => {
    window.localStorage.setItem(STORAGE_KEYS.DEVICE_ITEM_ICCID, ICCID);
    api = stubCalls({
      checkNotice: {
        notice: null,
        list: [notice(1, 'Welcome', 30, true), notice(3, 'Expires soon', 0.5), notice(2, 'Maintenance', 2)],
        unread: 2,
      },
    });
    await renderNotices();
    const list = await screen.findByTestId('notices-list');
    const items = within(list).getAllByTestId('notice');
    expect(items.map((item) => within(item).getByRole('button').textContent)).toEqual([
      expect.stringContaining('Expires soon'),
      expect.stringContaining('Maintenance'),
      expect.stringContaining('Welcome'),
    ]);
    expect(items.map((item) => item.getAttribute('data-unread'))).toEqual(['true', 'true', 'false']);
    expect(within(items[0]!).getByRole('button')).toHaveAccessibleName(/^Unread: Expires soon/);
    expect(screen.getByTestId('notices-summary')).toHaveTextContent(`Unread: 2 · Card ${ICCID}`);
    expect(api.callsTo('checkNotice')[0]?.body).toEqual({ iccid: ICCID, lang: 'en' });
  });

  it('takes the card from ?iccid= first', async () => {
    window.localStorage.setItem(STORAGE_KEYS.DEVICE_ITEM_ICCID, ICCID);
    api = stubCalls({ checkNotice: { notice: null, list: [], unread: 0 } });
    await renderNotices('/card/msg?iccid=89880000000000000001');
    await screen.findByTestId('notices-empty');
    expect(api.callsTo('checkNotice')[0]?.body).toMatchObject({ iccid: '89880000000000000001' });
  });

  it('expands a notice to its whole text and marks it read, on the api and on this device', async () => {
    api = stubCalls({
      checkNotice: {
        notice: null,
        list: [notice(7, 'Planned maintenance', 1, false, 'https://status.example.com/')],
        unread: 1,
      },
      notifyDetail: notice(7, 'Planned maintenance', 1, false, 'https://status.example.com/'),
    });
    await renderNotices();
    const toggle = await screen.findByRole('button', { name: /Planned maintenance/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Open link' })).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('notice-body')).toHaveTextContent('Planned maintenance: the whole text of this notice.');
    expect(screen.getByRole('link', { name: 'Open link' })).toHaveAttribute('href', 'https://status.example.com/');
    expect(screen.getByTestId('notice')).toHaveAttribute('data-unread', 'false');
    expect(screen.getByTestId('notices-summary')).toHaveTextContent('All notices read');
    await waitFor(() => expect(api.callsTo('notifyDetail')).toHaveLength(1));
    expect(api.callsTo('notifyDetail')[0]?.body).toMatchObject({ id: 7, lang: 'en' });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.NOTICE_READ) ?? '[]')).toEqual([7]);

    // Collapsing again asks for nothing.
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(api.callsTo('notifyDetail')).toHaveLength(1);
  });

  it('drops a link that is not http(s)', async () => {
    stubCalls({
      checkNotice: { notice: null, list: [notice(8, 'Odd link', 1, true, 'javascript:alert(1)')], unread: 0 },
      notifyDetail: notice(8, 'Odd link', 1, true, 'javascript:alert(1)'),
    });
    await renderNotices();
    await userEvent.click(await screen.findByRole('button', { name: /Odd link/ }));
    expect(screen.getByTestId('notice-body')).toHaveTextContent('Odd link: the whole text');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('remembers what this device read when the api does not (a visitor)', async () => {
    window.localStorage.setItem(STORAGE_KEYS.NOTICE_READ, JSON.stringify([5]));
    stubCalls({ checkNotice: { notice: null, list: [notice(5, 'Seen before', 3)], unread: 1 } });
    await renderNotices();
    expect(await screen.findByTestId('notice')).toHaveAttribute('data-unread', 'false');
  });

  it('says so when there are no notices', async () => {
    stubCalls({ checkNotice: { notice: null, list: [], unread: 0 } });
    await renderNotices();
    expect(await screen.findByText('There is currently no content available')).toBeInTheDocument();
  });

  it('shows a loading state, then an error with Retry that loads again', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let online = false;
    stubCalls({
      checkNotice: () => (online ? { notice: null, list: [notice(1, 'Back online', 0)], unread: 1 } : offline()),
    });
    await renderNotices();
    expect(await screen.findByRole('alert')).toHaveTextContent('The notices could not be loaded.');
    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /Back online/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    jest.restoreAllMocks();
  });

  it('shows a skeleton while loading', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    stubCalls({ checkNotice: () => slow.then(offline) });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderNotices();
    expect(screen.getByTestId('notices-loading')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading notices…')).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByTestId('notices-error')).toBeInTheDocument();
    jest.restoreAllMocks();
  });
});
