import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { Route, Routes } from 'react-router-dom';
import { getBus, getStorage, STORAGE_KEYS, type EventMap } from 'shared-contracts';
import { callError, renderRemote, stubCalls, type CallsHandle, type CallStubs } from 'shared-contracts/testing';
import { NOTICE_WAIT_MS } from '../hooks/use-notice';
import { gateFor } from '../lib/gating';
import { answers, card, cardRoute, ICCID, Page } from './card-fixtures';

let api: CallsHandle;
async function open(stubs: CallStubs, route = `/2/${ICCID}`) {
  api = stubCalls(stubs);
  await renderRemote(<Page />, cardRoute(route));
}

const login = (userId = 7) => {
  getStorage().set(STORAGE_KEYS.RECEIPT, 'receipt');
  getStorage().set(STORAGE_KEYS.USER_ID, String(userId));
};

describe('gateFor (spec section 4, login gating in version 2)', () => {
  const base = { agent_version: 2 as const, in_agent: false, user_id: 7 };
  const visitor = { loggedIn: false, userId: null };
  const owner = { loggedIn: true, userId: 7 };
  it.each([
    ['agent card, no receipt', { ...base, in_agent: true }, visitor, 'login'],
    ['agent card, logged in owner', { ...base, in_agent: true }, owner, 'show'],
    ['unbound, no receipt', { ...base, user_id: 0 }, visitor, 'remember'],
    ['unbound, logged in', { ...base, user_id: 0 }, owner, 'card-list'],
    ['another user (server says so)', { ...base, other_user: true }, owner, 'other-user'],
    ['another user (stored id differs)', { ...base, user_id: 9 }, owner, 'other-user'],
    // The api answers -1 for a card another account owns, never whose (issue 23).
    ['another user (the api answers -1)', { ...base, user_id: -1 }, owner, 'other-user'],
    ['a visitor with a card some account owns (-1)', { ...base, user_id: -1 }, visitor, 'show'],
    ['the owner', { ...base, other_user: false }, owner, 'show'],
    ['a visitor with a bound card', base, visitor, 'show'],
    ['version 1 is never gated', { ...base, agent_version: 1 as const, in_agent: true, user_id: 0 }, visitor, 'show'],
  ])('%s → %s', (_name, card, viewer, gate) => {
    expect(gateFor(card, viewer)).toBe(gate);
  });

  it('lets a logged-in user see an unbound card without adding it when the card list sent them (?view=1)', () => {
    const unbound = { ...base, user_id: 0 };
    expect(gateFor(unbound, owner, new URLSearchParams('view=1'))).toBe('unbound-view');
    expect(gateFor(unbound, visitor, new URLSearchParams('view=1'))).toBe('remember');
    expect(gateFor(base, owner, new URLSearchParams('view=1'))).toBe('show');
  });
});

describe('card page login gating', () => {
  it('shows only the login view for an agent card without a receipt', async () => {
    await open(answers({ in_agent: true, user_id: 0 }));
    const gate = await screen.findByTestId('card-login-gate');
    expect(within(gate).getByRole('heading')).toHaveTextContent('Log in to see this card');
    expect(screen.queryByTestId('card-summary')).not.toBeInTheDocument();
    expect(screen.queryByTestId('packages')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('card-login-link'));
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/user/login?redirect=${encodeURIComponent(`/2/${ICCID}`)}`,
    );
  });

  it('remembers an unbound card for binding when there is no receipt, and still shows it', async () => {
    await open(answers({ user_id: 0, card_email: '' }));
    expect(await screen.findByTestId('card-summary')).toBeInTheDocument();
    expect(screen.getByTestId('card-bind-hint')).toBeInTheDocument();
    expect(getStorage().get(STORAGE_KEYS.BIND_ICCID)).toBe(ICCID);
  });

  /** An unbound card opened by a logged-in user (the card list is a plain page here). */
  async function openUnboundLoggedIn() {
    login();
    stubCalls(answers({ user_id: 0, card_email: '' }));
    await renderRemote(
      <Routes>
        <Route path="/:flag/:iccid" element={<Page />} />
        <Route path="/eshop/card/list" element={<p>card list</p>} />
      </Routes>,
      { ...cardRoute(), path: undefined },
    );
  }

  it('sends a logged-in user with an unbound card to the card list, remembering the ICCID', async () => {
    await openUnboundLoggedIn();
    expect(await screen.findByText('card list')).toBeInTheDocument();
    expect(getStorage().get(STORAGE_KEYS.BIND_ICCID)).toBe(ICCID);
  });

  it('keeps a waiting purchase of an unbound card for after the binding on the card list', async () => {
    getStorage().setJSON(STORAGE_KEYS.PENDING_GOODS, { iccid: ICCID, returnPath: `/2/${ICCID}` });
    const opened: unknown[] = [];
    const off = getBus().subscribe('checkout:open', (request) => opened.push(request));
    await openUnboundLoggedIn();
    expect(await screen.findByText('card list')).toBeInTheDocument();
    // The reopening would come from a lazily imported module: give it the time it would take.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    off();
    expect(opened).toEqual([]);
    expect(getStorage().getJSON(STORAGE_KEYS.PENDING_GOODS)).toMatchObject({ iccid: ICCID });
  });

  it("warns on another user's card and hides the shared plan and the card tools", async () => {
    login();
    await open(answers({ user_id: 9, other_user: true, show_share_plan: false, card_email: '' }));
    const note = await screen.findByTestId('card-other-user');
    expect(note).toHaveTextContent('Only that account can buy packages for it');
    expect(screen.queryByTestId('plan-tab-shared')).not.toBeInTheDocument();
    expect(screen.queryByTestId('card-email-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('card-unlock-button')).not.toBeInTheDocument();
    // No packages to buy (the api refuses anyone but the owner): a way to log in with the owner's account instead.
    expect(await screen.findByTestId('card-refresh')).toBeInTheDocument();
    expect(screen.queryByTestId('package-grid')).not.toBeInTheDocument();
    expect(within(note).getByRole('link', { name: 'Log in with that account' })).toHaveAttribute(
      'href',
      `/user/login?redirect=${encodeURIComponent(`/2/${ICCID}`)}`,
    );
  });

  it('shows an unbound card to a logged-in user who chose to see it, with a way to add it', async () => {
    login();
    await open(answers({ user_id: 0, card_email: '' }), `/2/${ICCID}?view=1`);
    expect(await screen.findByTestId('card-unbound-view')).toHaveTextContent('Add it with “Add to account” below');
    expect(screen.getByTestId('card-summary')).toBeInTheDocument();
    expect(await screen.findByTestId('card-bind-button')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/2/${ICCID}`);
  });

  it('shows the owner the plan tabs; the shared plan tab swaps the packages for the plan list', async () => {
    login();
    await open(answers({ show_share_plan: true, other_user: false }));
    const shared = await screen.findByTestId('plan-tab-shared');
    expect(screen.getByTestId('plan-tab-packages')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('package-grid')).toBeInTheDocument();
    await userEvent.click(shared);
    expect(shared).toHaveAttribute('aria-selected', 'true');
    // No federation host in a unit test: the plan list's fallback shows.
    expect(await screen.findByTestId('shared-plans-unavailable')).toBeInTheDocument();
    expect(screen.queryByTestId('package-grid')).not.toBeInTheDocument();
  });
});

describe('card tools and dialogs', () => {
  async function ownerPage(extra: CallStubs = {}) {
    login();
    await open({ ...answers({ other_user: false }), ...extra });
    await screen.findByTestId('card-summary');
  }

  /** The toasts published while `run` runs, with their text as the page's toast region writes it. */
  async function toastsOf(run: () => Promise<void>) {
    const seen: Array<EventMap['toast'] & { text: string }> = [];
    const off = getBus().subscribe('toast', (toast) =>
      seen.push({ ...toast, text: i18n.t(toast.messageKey, { ns: 'common', ...toast.values }) }),
    );
    await run();
    off();
    return seen;
  }

  it('unlock: confirms, calls card/unlock, says the network restored service and reloads the card', async () => {
    // A suspended card whose suspension the network lifts.
    let status = 'Suspension';
    await ownerPage({
      getCard: () => ({ ...card, other_user: false, status_str: status }),
      unlock: () => {
        status = 'Activated';
        return { result: 'unsuspended', status_str: 'Activated' };
      },
    });
    expect(screen.getByTestId('card-status')).toHaveAttribute('data-status', 'Suspension');
    const toasts = await toastsOf(async () => {
      await userEvent.click(screen.getByTestId('card-unlock-button'));
      const dialog = await screen.findByRole('dialog', { name: 'Unlock this card?' });
      expect(dialog).toHaveTextContent('at most 3 times');
      await userEvent.click(within(dialog).getByTestId('unlock-confirm'));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
    expect(api.callsTo('unlock').map((call) => call.body)).toEqual([{ iccid: ICCID }]);
    expect(toasts).toEqual([
      {
        kind: 'success',
        messageKey: 'cardMore:unlock.unsuspended',
        text: 'Card unlocked: the network restored service.',
      },
    ]);
    // The page loads the card again: its status badge follows the network's.
    await waitFor(() => expect(screen.getByTestId('card-status')).toHaveAttribute('data-status', 'Activated'));
    expect(api.callsTo('getCard')).toHaveLength(2);
  });

  it('unlock: a card that was not locked is told so, and the card is loaded again all the same', async () => {
    await ownerPage({ unlock: { result: 'not_suspended', status_str: 'Activated' } });
    const toasts = await toastsOf(async () => {
      await userEvent.click(screen.getByTestId('card-unlock-button'));
      await userEvent.click(await screen.findByTestId('unlock-confirm'));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
    expect(toasts).toEqual([
      {
        kind: 'info',
        messageKey: 'cardMore:unlock.notSuspended',
        text: 'This card is not locked; nothing to unlock.',
      },
    ]);
    await waitFor(() => expect(api.callsTo('getCard')).toHaveLength(2));
  });

  it('unlock: the max unlock error keeps the dialog open with the catalogue message', async () => {
    await ownerPage({ unlock: callError(10005, 'max') });
    const toasts: Array<EventMap['toast']> = [];
    const off = getBus().subscribe('toast', (toast) => toasts.push(toast));
    await userEvent.click(screen.getByTestId('card-unlock-button'));
    await userEvent.click(await screen.findByTestId('unlock-confirm'));
    await waitFor(() => expect(toasts.map((toast) => toast.messageKey)).toContain('errors.10005'));
    off();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('e-mail: validates by the section 5 rules before binding', async () => {
    await ownerPage({ setEmail: null });
    await userEvent.click(screen.getByTestId('card-email-button'));
    const input = await screen.findByTestId('email-input');
    expect(input).toHaveValue('me@example.com');
    await userEvent.clear(input);
    await userEvent.click(screen.getByTestId('email-submit'));
    expect(screen.getByTestId('email-error')).toHaveTextContent('Please enter your e-mail address.');
    await userEvent.type(input, 'me@example');
    await userEvent.click(screen.getByTestId('email-submit'));
    expect(screen.getByTestId('email-error')).toHaveTextContent('Please enter a valid e-mail address.');
    await userEvent.clear(input);
    await userEvent.type(input, `${'a'.repeat(60)}@example.com`);
    await userEvent.click(screen.getByTestId('email-submit'));
    expect(screen.getByTestId('email-error')).toHaveTextContent('at most 64 characters');
    expect(api.calls.some((call) => call.path === '/eshop/set/email')).toBe(false);
    await userEvent.clear(input);
    await userEvent.type(input, ' new @example.com ');
    await userEvent.click(screen.getByTestId('email-submit'));
    await waitFor(() => expect(screen.queryByTestId('email-dialog')).not.toBeInTheDocument());
    expect(api.calls.find((call) => call.path === '/eshop/set/email')?.body).toEqual({
      email: 'new@example.com',
      iccid: ICCID,
    });
  });

  it('coverage: Country and Network sheets with a case-insensitive search and the empty states', async () => {
    await ownerPage({
      getProductCountry: {
        countries: [
          { name: 'Germany', img: '', operators: [{ name: 'Telekom', networkType: '5G' }] },
          { name: 'France', img: 'javascript:alert(1)', operators: [{ name: 'Orange', networkType: '4G' }] },
        ],
      },
    });
    await userEvent.click(
      await screen
        .findByText('Europe 5GB', { selector: 'span' })
        .catch(() => screen.getAllByRole('button', { name: /Europe 5GB/ })[0]!),
    );
    await userEvent.click(screen.getByTestId('coverage-network-button'));
    const sheet = await screen.findByRole('dialog', { name: 'Network' });
    expect(api.calls.find((call) => call.path === '/eshop/pkg/zoneInfo')?.body).toEqual({ pkg_type_id: 3, lang: 'en' });
    expect(within(sheet).getAllByTestId('coverage-country')).toHaveLength(2);
    expect(within(sheet).getAllByTestId('coverage-operator')[0]).toHaveTextContent('Telekom5G');
    expect(sheet.querySelector('img')).toBeNull();
    await userEvent.type(within(sheet).getByTestId('coverage-search'), 'gERm');
    expect(within(sheet).getAllByTestId('coverage-country')).toHaveLength(1);
    await userEvent.type(within(sheet).getByTestId('coverage-search'), 'x');
    expect(within(sheet).getByTestId('coverage-no-match')).toHaveTextContent('No results found');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByTestId('coverage-country-button'));
    const countries = await screen.findByRole('dialog', { name: 'Country' });
    expect(within(countries).queryByTestId('coverage-operator')).not.toBeInTheDocument();
  });

  it('coverage: no countries shows the empty state', async () => {
    await ownerPage({ getProductCountry: { countries: [] } });
    await userEvent.click(screen.getAllByRole('button', { name: /Europe 5GB/ })[0]!);
    await userEvent.click(screen.getByTestId('coverage-country-button'));
    expect(await screen.findByTestId('coverage-empty')).toHaveTextContent('There is currently no content available');
  });

  it('category picker lists every category, All first, and picking one selects its tab', async () => {
    await ownerPage();
    await userEvent.click(await screen.findByTestId('category-picker-button'));
    const picker = await screen.findByTestId('category-picker');
    const options = within(picker).getAllByRole('radio');
    expect(options.map((option) => option.textContent)).toEqual(['All✓', 'Europe', 'Asia']);
    await userEvent.click(options[2]!);
    expect(screen.queryByTestId('category-picker')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Asia' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the categories by their translated labels and keeps selecting them by key', async () => {
    const { getPkg } = answers();
    await ownerPage({ getPkg: { ...(getPkg as object), typeLabels: { Europe: 'Europa', Asia: 'Asien' } } });
    expect(await screen.findByRole('tab', { name: 'Europa' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('category-picker-button'));
    const picker = await screen.findByTestId('category-picker');
    const options = within(picker).getAllByRole('radio');
    expect(options.map((option) => option.textContent)).toEqual(['All✓', 'Europa', 'Asien']);
    await userEvent.click(options[2]!);
    expect(screen.getByRole('tab', { name: 'Asien' })).toHaveAttribute('aria-selected', 'true');
  });

  it('bind: a logged-in user binds an unbound card of the old view', async () => {
    login();
    await open({ ...answers({ agent_version: 1, user_id: 0, card_email: '' }), bindCard: null });
    await userEvent.click(await screen.findByTestId('card-bind-button'));
    await userEvent.click(await screen.findByTestId('bind-confirm'));
    await waitFor(() => expect(screen.queryByTestId('bind-dialog')).not.toBeInTheDocument());
    expect(api.calls.find((call) => call.path === '/eshop/api/v1/bind/card')?.body).toEqual({ iccid: ICCID });
  });
});

describe('profile info', () => {
  it('card_kind 2 shows the eSIM profile info and its default name', async () => {
    await open(answers({ card_kind: 2, name: '' }));
    expect(await screen.findByTestId('card-kind')).toHaveTextContent(`eSIM profile · ${ICCID}`);
    expect(screen.getByRole('heading', { name: `eSIM ${ICCID.slice(-4)}` })).toBeInTheDocument();
  });

  it('card_kind 1 shows card info', async () => {
    await open(answers({ card_kind: 1 }));
    expect(await screen.findByTestId('card-kind')).toHaveAttribute('data-kind', 'card');
    expect(screen.getByTestId('card-kind')).not.toHaveTextContent('eSIM profile');
  });
});

describe('notices and activities on the card page', () => {
  const recall = { id: 5, image: '', title: 'Free 30-day data plan', link: 'https://shop.example.com/recall' };
  const withActivities = (cardOverrides: Record<string, unknown>) => ({
    ...answers(cardOverrides),
    checkNotice: {
      notice: { id: 3, title: 'Network maintenance tonight', content: 'x', link: '', create: 1, read: false },
      list: [],
      unread: 1,
    },
    getActivityList: { topList: [], bannerList: [], floatList: [], recallList: [recall], popupList: [] },
    activityLinkData: { link: `${recall.link}?iccid=${ICCID}` },
  });

  it('shows the newest unread notice as a strip to the notices page', async () => {
    await open(withActivities({}));
    const strip = await screen.findByTestId('card-notice');
    expect(strip).toHaveTextContent('Network maintenance tonight');
    expect(strip).toHaveAttribute('href', `/card/msg?iccid=${ICCID}`);
  });

  /** The card page with a notice that answers when the test says so. */
  async function openWithSlowNotice(): Promise<() => void> {
    let answer: () => void = () => undefined;
    const notice = withActivities({}).checkNotice;
    await open({
      ...withActivities({}),
      checkNotice: () => new Promise((resolve) => (answer = () => resolve(notice))),
    });
    return () => answer();
  }

  it('shows the packages together with the notice strip above them, so the strip never pushes them down', async () => {
    const answer = await openWithSlowNotice();
    expect(await screen.findByTestId('card-summary')).toBeInTheDocument();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(screen.queryByTestId('package-grid')).not.toBeInTheDocument();
    await act(async () => answer());
    expect(await screen.findByTestId('card-notice')).toBeInTheDocument();
    expect(await screen.findByTestId('package-grid')).toBeInTheDocument();
  });

  it('shows the packages without the notice when it is slow (NOTICE_WAIT_MS), and the strip once it answers', async () => {
    const answer = await openWithSlowNotice();
    expect(await screen.findByTestId('package-grid', {}, { timeout: NOTICE_WAIT_MS + 1000 })).toBeInTheDocument();
    expect(screen.queryByTestId('card-notice')).not.toBeInTheDocument();
    await act(async () => answer());
    expect(await screen.findByTestId('card-notice')).toBeInTheDocument();
  });

  it('offers the recall plan only to a card with an alert, and not again the same day once closed', async () => {
    await open(withActivities({ show_alert: true }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('30');
    await userEvent.click(within(dialog).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(Number(localStorage.getItem(`RECALL_SEEN${ICCID}`))).toBeGreaterThan(0);
    // Mirrored into a cookie: the server renders this card's page without the offer the next day's first visit.
    expect(document.cookie).toMatch(new RegExp(`(^|; )RECALL_SEEN${ICCID}=\\d+`));
  });

  it('does not offer the recall plan to a card without an alert', async () => {
    await open(withActivities({ show_alert: false }));
    await screen.findByTestId('card-notice');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
