import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  activityPopupKey,
  callKey,
  forgetInitialResults,
  getBus,
  seedInitialResults,
  type ActivityResponse,
  getStorage,
  STORAGE_KEYS,
  type CardListResponse,
  type EidItem,
  type EsimCardInfo,
  type EventMap,
  type PoolCardInfo,
} from 'shared-contracts';
import { renderRemote, stubCalls, stubFederation, type CallsHandle } from 'shared-contracts/testing';
import { remote } from '../../lib/remote';
import { moreText } from '../../lib/text-more';
import { HomePage } from './HomePage';
import { resetRemoteWidgets } from 'shared-contracts/ui/federation';

const loadRemote = jest.fn();
// The shell's federation instance, which knows the remotes (the network boundary of widget loading).
let unstubFederation: () => void;
beforeEach(() => {
  unstubFederation = stubFederation({ remotes: ['mf_pool', 'mf_esim'], loadRemote });
});
afterEach(() => unstubFederation());

const sim: EsimCardInfo = {
  iccid: '89880000000000000009',
  name: '',
  kind: 1,
  available_days: 5,
  total_active: 1,
  total_str: '3GB',
  total: 3072,
  used: 1024,
  remain_str: '2GB',
  expire_date: '2026-12-12',
  warn: '',
  is_third_party: false,
  action: null,
  card_status_str: 'Activated',
  expire_timestamp: null,
  status_str: 'Activated',
  hasKeys: false,
};
const esim: EsimCardInfo = { ...sim, iccid: '89860000000000001234', name: 'Travel eSIM' };
const slot: EidItem = {
  eid: '89049032000000000000000000000001',
  iccid: '',
  name: '',
  status: 'Activated',
  total_slot: 3,
  usage_slot: 1,
};
const pool: PoolCardInfo = {
  id: 'p1',
  name: '',
  kind: 3,
  available_days: 9,
  total_active: 1,
  total_str: '10GB',
  total: 10240,
  remain: 5120,
  remain_str: '5GB',
  expire_date: '2026-12-31',
  warn: '',
  status_str: 'Activated',
  used_pool_lines: 1,
  pool_lines: 3,
};
const activities: ActivityResponse = {
  topList: [
    { image: 'data:image/svg+xml,t', title: 'Summer in Europe', link: '/2/89880000000000000002', backgroundColor: '' },
  ],
  bannerList: [
    { image: 'data:image/svg+xml,b', title: 'Unlimited week', link: 'https://x.example/u', backgroundColor: '#6C5CE7' },
  ],
  floatList: [{ image: 'data:image/svg+xml,g', link: 'https://example.com/gift' }],
  recallList: [],
  popupList: [
    {
      id: 4,
      image: 'data:image/svg+xml,p',
      link: 'https://example.com/invite',
      title: 'Invite a friend',
      btnText: '',
      showNumber: 3,
      showRule: 86_400,
    },
  ],
};
const full: CardListResponse = { eid: [slot], pool: [pool], esim: [esim], card: [sim] };
const empty: CardListResponse = { eid: [], pool: [], esim: [], card: [] };

function widgets() {
  loadRemote.mockImplementation(async (id: string) => ({
    default: (props: { pool?: PoolCardInfo; slot?: EidItem; card?: EsimCardInfo; index?: number }) => (
      <p data-testid="remote-widget">
        {id} {props.pool?.id ?? props.slot?.eid ?? props.card?.iccid} #{props.index ?? '-'}
      </p>
    ),
  }));
}

async function show(lang = 'en') {
  await renderRemote(<HomePage />, {
    route: '/eshop/card/list',
    path: '/eshop/card/list',
    i18n: { lang, namespaces: [remote, moreText] },
  });
  await act(async () => undefined);
}

function collectToasts() {
  const toasts: Array<EventMap['toast']> = [];
  const off = getBus().subscribe('toast', (toast) => toasts.push(toast));
  return { toasts, off };
}

describe('card list home', () => {
  let api: CallsHandle;
  beforeEach(() => {
    getStorage().set(STORAGE_KEYS.RECEIPT, 'tok');
    loadRemote.mockReset();
    resetRemoteWidgets();
    widgets();
  });

  it('shows the four groups in order with the federated widgets and its own SIM card', async () => {
    api = stubCalls({ getCardList: full, getUnbindList: { list: [] }, getActivityList: {} });
    await show();
    const groups = (await screen.findAllByRole('region')).filter((g) => g.hasAttribute('data-group'));
    const names = groups.map((g) => g.getAttribute('aria-label'));
    expect(names).toEqual(['eSIM slots', 'Shared plans', 'eSIMs', 'SIM cards']);
    expect(within(groups[0]!).getByTestId('remote-widget')).toHaveTextContent(`mf_esim/SlotCard ${slot.eid} #1`);
    expect(within(groups[1]!).getByTestId('remote-widget')).toHaveTextContent('mf_pool/PoolCard p1 #1');
    expect(within(groups[2]!).getByTestId('remote-widget')).toHaveTextContent(`mf_esim/EsimCard ${esim.iccid}`);
    const simCard = within(groups[3]!).getByTestId('sim-card');
    expect(simCard).toHaveTextContent('SIM 0009');
    expect(within(simCard).getByRole('link', { name: 'Refill SIM 0009' })).toHaveAttribute(
      'href',
      `/2/${sim.iccid}?mode=search`,
    );
    expect(api.calls.map((c) => c.path).sort()).toEqual([
      '/eshop/api/message/activity',
      '/eshop/api/v1/get/card/list',
      '/eshop/api/v1/get/card/list/unbind',
    ]);
    expect(api.calls.find((c) => c.path.endsWith('/message/activity'))?.body).toEqual({
      position: 'index,sIMCard.TC',
      lang: 'en',
      auth_token: 'tok',
    });
  });

  it('server-side rendering: the list that came with the page shows at once, not asked again', async () => {
    api = stubCalls({ getCardList: empty, getUnbindList: { list: [] }, getActivityList: {} });
    seedInitialResults({
      [callKey('getCardList', {})]: { ok: true, code: 10000, data: full },
      [callKey('getUnbindList', {})]: { ok: true, code: 10000, data: { list: [] } },
    });
    try {
      await show();
      const groups = screen.getAllByRole('region').filter((g) => g.hasAttribute('data-group'));
      expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual([
        'eSIM slots',
        'Shared plans',
        'eSIMs',
        'SIM cards',
      ]);
      expect(within(groups[3]!).getByTestId('sim-card')).toHaveTextContent('SIM 0009');
      // Only the activities (not in the page's answers) were asked.
      expect(api.calls.map((c) => c.path)).toEqual(['/eshop/api/message/activity']);
    } finally {
      forgetInitialResults();
    }
  });

  it('server-side rendering: purchased cards to bind in the page’s unbind check open the offer with the page', async () => {
    api = stubCalls({ getCardList: empty, getUnbindList: { list: [] }, getActivityList: {} });
    seedInitialResults({
      [callKey('getCardList', {})]: { ok: true, code: 10000, data: full },
      [callKey('getUnbindList', {})]: {
        ok: true,
        code: 10000,
        data: { list: ['89860000000000000101', '89860000000000000102'] },
      },
    });
    try {
      await show();
      // The offer is there from the first render (as the server drew it), and nothing asked the check again.
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getAllByTestId('batch-iccid')).toHaveLength(2);
      expect(api.calls.map((c) => c.path)).toEqual(['/eshop/api/message/activity']);
    } finally {
      forgetInitialResults();
    }
  });

  it('loads the list again when a pool changed (pool:changed on the bus)', async () => {
    api = stubCalls({ getCardList: full, getUnbindList: { list: [] }, getActivityList: {} });
    await show();
    await screen.findAllByTestId('remote-widget');
    expect(api.callsTo('getCardList')).toHaveLength(1);
    api.stub({ getCardList: { ...full, pool: [] } });
    await act(async () => getBus().publish('pool:changed', { poolObjectId: 'p1' }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.callsTo('getCardList')).toHaveLength(2);
    const groups = screen.getAllByRole('region').filter((g) => g.hasAttribute('data-group'));
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['eSIM slots', 'eSIMs', 'SIM cards']);
  });

  it('another account signing in (a switch on an access_token link) gets its own list', async () => {
    getStorage().set(STORAGE_KEYS.USER_ID, '7');
    const mine: CardListResponse = { card: [sim], esim: [], eid: [], pool: [] };
    const theirs: CardListResponse = { card: [{ ...sim, iccid: '89880000000000000077' }], esim: [], eid: [], pool: [] };
    let owner = 'mine';
    api = stubCalls({
      getCardList: () => (owner === 'mine' ? mine : theirs),
      getUnbindList: { list: [] },
      getActivityList: {},
    });
    await show();
    expect(await screen.findByText('SIM 0009')).toBeInTheDocument();
    // The same account again (the shell loading its details) asks nothing new.
    act(() => getBus().publish('auth:changed', { email: 'ana@example.com', userId: 7 }));
    expect(api.callsTo('getCardList')).toHaveLength(1);

    owner = 'theirs';
    act(() => getBus().publish('auth:changed', { email: 'bob@example.com', userId: 9 }));
    expect(await screen.findByText('SIM 0077')).toBeInTheDocument();
    expect(screen.queryByText('SIM 0009')).not.toBeInTheDocument();
    expect(api.callsTo('getCardList')).toHaveLength(2);
  });

  it('shows the list once its widgets are in, never their stand-ins first (nothing moves under the reader)', async () => {
    const widget = ({ slot, pool, card }: { slot?: EidItem; pool?: PoolCardInfo; card?: EsimCardInfo }) => (
      <p data-testid="remote-widget">{slot?.eid ?? pool?.id ?? card?.iccid}</p>
    );
    loadRemote.mockImplementation(() => new Promise((resolve) => setTimeout(() => resolve({ default: widget }), 50)));
    const seen = new Set<string>();
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="widget-fallback"]')) seen.add('stand-in');
      if (document.querySelector('[data-testid="remote-widget"]')) seen.add('widget');
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      stubCalls({ getCardList: full, getUnbindList: { list: [] }, getActivityList: {} });
      await show();
      expect(await screen.findAllByTestId('remote-widget')).toHaveLength(3);
      expect([...seen]).toEqual(['widget']);
    } finally {
      observer.disconnect();
    }
  });

  it('shows a small fallback when a remote fails to load', async () => {
    loadRemote.mockImplementation(async () => {
      throw new Error('offline');
    });
    stubCalls({ getCardList: full, getUnbindList: { list: [] }, getActivityList: {} });
    await show();
    await act(async () => undefined);
    const fallbacks = await screen.findAllByTestId('widget-fallback');
    expect(fallbacks.map((f) => f.getAttribute('aria-label'))).toEqual(['eSim Slot 1', 'Shared Plan 1', 'Travel eSIM']);
    // The eSIM's own name is not to be translated; the default names are translations already.
    const headings = fallbacks.map((f) => within(f).getByRole('heading'));
    expect(headings.map((h) => h.getAttribute('translate'))).toEqual([null, null, 'no']);
  });

  it("names the stand-ins of an unnamed slot and pool in the page's language (German)", async () => {
    loadRemote.mockImplementation(async () => {
      throw new Error('offline');
    });
    stubCalls({ getCardList: full, getUnbindList: { list: [] }, getActivityList: {} });
    await show('de');
    await act(async () => undefined);
    const fallbacks = await screen.findAllByTestId('widget-fallback');
    expect(fallbacks.map((f) => within(f).getByRole('heading').textContent)).toEqual([
      'eSIM-Slot 1',
      'Geteilter Tarif 1',
      'Travel eSIM',
    ]);
    expect(screen.getByTestId('sim-name')).toHaveAttribute('translate', 'no');
  });

  it('SIM settings store the card and open /card/set', async () => {
    stubCalls({ getCardList: { ...empty, card: [sim] }, getUnbindList: { list: [] }, getActivityList: {} });
    await show();
    await userEvent.click(await screen.findByRole('button', { name: 'Settings of SIM 0009' }));
    expect(getStorage().getJSON(STORAGE_KEYS.CARD_ITEM)).toEqual(sim);
  });

  it('logged out: a link to the login page, the activities, and no card calls', async () => {
    getStorage().remove(STORAGE_KEYS.RECEIPT);
    api = stubCalls({ getActivityList: activities });
    await show();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/user/login');
    expect(screen.getByTestId('banner-carousel')).toBeInTheDocument();
    expect(api.calls).toEqual([
      expect.objectContaining({
        path: '/eshop/api/message/activity',
        body: { position: 'index,sIMCard.TC', lang: 'en' },
      }),
    ]);
  });

  it('empty: the message and Add; the sheet rejects short input, binds an ICCID and reloads', async () => {
    api = stubCalls({ getCardList: empty, getUnbindList: { list: [] }, getActivityList: {}, bindCard: null });
    const { toasts, off } = collectToasts();
    await show();
    expect(screen.getByTestId('home-empty')).toHaveTextContent('There is currently no content available');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const sheet = screen.getByRole('dialog', { name: 'Add a card' });
    const input = within(sheet).getByRole('textbox', { name: 'ICCID or EID' });
    expect(input).toHaveAttribute('placeholder', 'ICCID/EID');
    await userEvent.type(input, '1234 5678');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add' }));
    expect(within(sheet).getByRole('alert')).toHaveTextContent('at least 19 characters');
    await userEvent.clear(input);
    await userEvent.type(input, '8988 0000 0000 0000 0001');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add' }));
    // Bind, close, then ask for the list again: several ticks apart on a busy machine.
    await waitFor(() => expect(api.calls.filter((c) => c.path.endsWith('/v1/get/card/list'))).toHaveLength(2));
    expect(api.calls.find((c) => c.path.endsWith('/v1/bind/card'))?.body).toEqual({ iccid: '89880000000000000001' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toasts).toContainEqual({ kind: 'success', messageKey: 'responseDesc.succOperation' });
    off();
  });

  it('the Add sheet sends an input over 20 characters as an EID, and Escape closes it', async () => {
    api = stubCalls({ getCardList: empty, getUnbindList: { list: [] }, getActivityList: {}, bindEid: null });
    await show();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'ICCID or EID' }), slot.eid);
    await userEvent.keyboard('{Enter}');
    await act(async () => undefined);
    expect(api.calls.find((c) => c.path.endsWith('/v1/esim/slot/add'))?.body).toEqual({ eid: slot.eid });
  });

  it('unbound cards: at most 5 masked, the eye shows groups of 4, confirm binds them all', async () => {
    const list = Array.from({ length: 7 }, (_, i) => `898800000000000000${10 + i}`);
    api = stubCalls({ getCardList: empty, getUnbindList: { list }, getActivityList: {}, bindCardList: null });
    await show();
    const dialog = await screen.findByRole('dialog', { name: 'Add your cards to this account?' });
    const rows = within(dialog).getAllByTestId('batch-iccid');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('8988************0010');
    expect(within(dialog).getByTestId('batch-count')).toHaveTextContent('Showing 5 of 7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show or hide card 1' }));
    expect(rows[0]).toHaveTextContent('8988 0000 0000 0000 0010');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add all' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.path.endsWith('/v1/bind/card/batch'))?.body).toEqual({ iccids: list });
  });

  it('the offer to bind cards never replaces the Add sheet the user opened before the check answered', async () => {
    let answer: (value: { list: string[] }) => void = () => undefined;
    const unbound = new Promise<{ list: string[] }>((resolve) => {
      answer = resolve;
    });
    stubCalls({ getCardList: empty, getUnbindList: () => unbound, getActivityList: {} });
    await show();
    await userEvent.click(screen.getByRole('button', { name: /add/i }));
    expect(screen.getByRole('dialog', { name: 'Add a card' })).toBeInTheDocument();
    await act(async () => answer({ list: ['89880000000000000010'] }));
    expect(screen.getByRole('dialog', { name: 'Add a card' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add your cards to this account?' })).not.toBeInTheDocument();
  });

  it('a remembered ICCID opens the single bind dialog; cancel forgets it', async () => {
    getStorage().set(STORAGE_KEYS.BIND_ICCID, '89880000000000000042');
    stubCalls({ getCardList: empty, getUnbindList: { list: [] }, getActivityList: {} });
    await show();
    const dialog = await screen.findByRole('dialog', { name: 'Add this card?' });
    expect(within(dialog).getByTestId('single-iccid')).toHaveTextContent('8988 0000 0000 0000 0042');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getStorage().get(STORAGE_KEYS.BIND_ICCID)).toBeNull();
  });

  it('after the batch dialog, the card opened last is offered too, and can be opened without adding it', async () => {
    getStorage().set(STORAGE_KEYS.BIND_ICCID, '89880000000000000004');
    const list = ['89880000000000000011', '89880000000000000012'];
    stubCalls({ getCardList: empty, getUnbindList: { list }, getActivityList: {} });
    await renderRemote(<HomePage />, {
      route: '/eshop/card/list',
      path: '*',
      showLocation: true,
      i18n: { namespaces: [remote, moreText] },
    });
    const batch = await screen.findByRole('dialog', { name: 'Add your cards to this account?' });
    await userEvent.click(within(batch).getByRole('button', { name: 'Cancel' }));
    const single = await screen.findByRole('dialog', { name: 'Add this card?' });
    expect(within(single).getByTestId('single-iccid')).toHaveTextContent('8988 0000 0000 0000 0004');
    await userEvent.click(within(single).getByRole('link', { name: 'Open its page without adding it' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/2/89880000000000000004?view=1');
  });

  it("binding the card a purchase waited for (a visitor's, before the login) goes on to its card page", async () => {
    getStorage().set(STORAGE_KEYS.BIND_ICCID, '89880000000000000042');
    getStorage().setJSON(STORAGE_KEYS.PENDING_GOODS, {
      iccid: '89880000000000000042',
      returnPath: '/2/89880000000000000042',
    });
    stubCalls({ getCardList: empty, getUnbindList: { list: [] }, getActivityList: {}, bindCard: null });
    await renderRemote(<HomePage />, {
      route: '/eshop/card/list',
      path: '*',
      showLocation: true,
      i18n: { namespaces: [remote, moreText] },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add this card?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/2/89880000000000000042');
  });

  it('a remembered value under 19 characters opens nothing', async () => {
    getStorage().set(STORAGE_KEYS.BIND_ICCID, '8988000000');
    stubCalls({ getCardList: empty, getUnbindList: { list: [] }, getActivityList: {} });
    await show();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('activities: carousel on top, floating gift and support, the pop-up only after the bind dialog closed', async () => {
    getStorage().set(STORAGE_KEYS.USER_EMAIL, 'demo@example.com');
    getStorage().set(STORAGE_KEYS.DEVICE_ITEM_ICCID, '89880000000000000001');
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    api = stubCalls({
      getCardList: full,
      getUnbindList: { list: ['89880000000000000011'] },
      getActivityList: activities,
      event: null,
    });
    const support: Array<EventMap['support:open']> = [];
    const off = getBus().subscribe('support:open', (request) => support.push(request));
    await show();
    expect(api.calls.find((c) => c.path.endsWith('/message/activity'))?.body).toEqual({
      position: 'index,sIMCard.TC',
      lang: 'en',
      iccid: '89880000000000000001',
      auth_token: 'tok',
    });
    const carousel = screen.getByRole('region', { name: 'Offers' });
    expect(within(carousel).getByRole('group')).toHaveAccessibleName('1 of 2');
    expect(carousel).toHaveStyle({ backgroundColor: '#FFAC79' });

    await userEvent.click(screen.getByRole('button', { name: 'Contact customer support' }));
    expect(support).toEqual([{ email: 'demo@example.com' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Open your gift' }));
    expect(open).toHaveBeenCalledWith('https://example.com/gift', '_blank', 'noopener,noreferrer');

    // The batch bind dialog is open: no pop-up over it, however long the user waits.
    const batch = await screen.findByRole('dialog', { name: 'Add your cards to this account?' });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(screen.queryByRole('dialog', { name: 'Invite a friend' })).not.toBeInTheDocument();
    await userEvent.click(within(batch).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Invite a friend' }, { timeout: 3000 })).toBeInTheDocument();
    expect(getStorage().getJSON(activityPopupKey(4))).toMatchObject({ showCount: 1 });
    off();
    open.mockRestore();
  });
});
