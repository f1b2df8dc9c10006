import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getBus, getStorage, STORAGE_KEYS, type CheckoutRequest, type EventMap } from 'shared-contracts';
import { callError, renderRemote, stubCalls, type CallsHandle, type CallStubs } from 'shared-contracts/testing';
import { answers, cardRoute, ICCID, Page } from './card-fixtures';

let api: CallsHandle;
async function open(route = `/2/${ICCID}`, stubs: CallStubs = answers()) {
  api = stubCalls(stubs);
  await renderRemote(<Page />, cardRoute(route));
}

beforeEach(() => {
  getStorage().set(STORAGE_KEYS.RECEIPT, 'receipt');
});

describe('card info', () => {
  it.each([
    ['Ready', 'Not activated', 'false'],
    ['ready', 'Not activated', 'false'],
    ['Activated', 'Activated', 'false'],
    ['Suspension', 'Deactivated', 'true'],
  ])('status %s shows %s (warning %s)', async (status, label, warning) => {
    await open(`/2/${ICCID}`, answers({ status_str: status }));
    const badge = await screen.findByTestId('card-status');
    expect(badge).toHaveTextContent(label);
    expect(badge).toHaveAttribute('data-warning', warning);
  });

  it('shows the remaining share as an integer percent, three stats and the update time', async () => {
    await open(`/2/${ICCID}`, answers({ used: 1024, total: 3072 }));
    const gauge = await screen.findByRole('meter', { name: 'Data remaining' });
    expect(gauge).toHaveAttribute('aria-valuenow', '66');
    expect(gauge).toHaveTextContent('66%');
    // The figures come from the numbers (MB), with their unit; the api's English texts are not shown.
    expect(screen.getByTestId('card-data')).toHaveTextContent('1 GB of 3 GB');
    expect(screen.getByTestId('stat-used')).toHaveTextContent('1 GB');
    expect(screen.getByTestId('stat-total')).toHaveTextContent('3 GB');
    expect(screen.getByTestId('card-days')).toHaveTextContent('21');
    expect(screen.getByTestId('card-updated')).toHaveTextContent(/^Updated /);
  });

  it('shows the warn text as "Expires in" instead of the date', async () => {
    await open(`/2/${ICCID}`, answers({ warn: '2 days' }));
    expect(await screen.findByTestId('card-expiry')).toHaveTextContent('Expires in 2 days');
    expect(screen.getByTestId('card-expiry')).not.toHaveTextContent('2026-12-12');
  });

  it('writes the figures and the warning days in the page language', async () => {
    stubCalls(answers({ used: 5324.8, warn: '2 days', warn_days: 2 }));
    await renderRemote(<Page />, cardRoute(`/2/${ICCID}`, 'de'));
    expect(await screen.findByTestId('card-data')).toHaveTextContent('5,2 GB von 20 GB');
    expect(screen.getByTestId('stat-used')).toHaveTextContent('5,2 GB');
    expect(screen.getByTestId('card-expiry')).toHaveTextContent('Noch 2 Tage gültig');
  });

  it('third-party card: inventory, a note, no gauge and no figures (no "0 of 0")', async () => {
    await open(`/2/${ICCID}`, answers({ is_third_party: true, status_str: 'Activated', used: 0, total: 0 }));
    expect(await screen.findByTestId('card-status')).toHaveTextContent('Not activated');
    expect(screen.queryByTestId('card-data')).not.toBeInTheDocument();
    expect(screen.getByTestId('card-third-party')).toHaveTextContent(/third-party card/i);
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    expect(screen.queryByTestId('stat-used')).not.toBeInTheDocument();
    expect(screen.getByTestId('card-summary')).not.toHaveTextContent(/\b0\b/);
  });

  it('unlimited and speed limited (kind 2): the headline is the data used, "Unlimited plan" its context', async () => {
    await open(`/2/${ICCID}`, answers({ unlimited: true, used: 12595.2, total: 0, kind: 2 }));
    expect(await screen.findByTestId('card-data')).toHaveTextContent(/^12\.3 GB used$/);
    expect(screen.getByTestId('card-unlimited')).toHaveTextContent('Unlimited plan');
    expect(screen.getByTestId('stat-total')).toHaveTextContent('Unlimited');
    expect(screen.getByTestId('card-speed-limited')).toHaveTextContent(/fair-use/i);
  });

  it('a card without a data plan says so, never "0 MB of 0 MB" or "Days left 0", and leads to the packages', async () => {
    const noPlan = { status_str: 'Ready', used: 0, total: 0, used_str: '0MB', total_str: '0MB', available_days: 0 };
    await open(`/2/${ICCID}`, answers({ ...noPlan, expire_date: '' }));
    expect(await screen.findByTestId('card-no-plan')).toHaveTextContent('No data plan yet');
    expect(screen.queryByTestId('card-data')).not.toBeInTheDocument();
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    expect(screen.queryByTestId('card-days')).not.toBeInTheDocument();
    expect(screen.getByTestId('card-summary')).not.toHaveTextContent('0MB');
    // The package list is the way to buy one: the button takes the keyboard to its first package.
    await screen.findByTestId('packages');
    await userEvent.click(screen.getByTestId('card-choose-plan'));
    expect(screen.getByTestId('card-choose-plan')).toHaveTextContent('Choose a package');
    expect(document.activeElement?.closest('[data-testid="packages"]')).not.toBeNull();
  });

  it('a card whose plan ended says there is no active plan', async () => {
    await open(`/2/${ICCID}`, answers({ status_str: 'Suspension', used: 0, total: 0, available_days: 0 }));
    expect(await screen.findByTestId('card-no-plan')).toHaveTextContent('No active data plan');
  });

  it('agent version 3 shows the card list link instead of the card', async () => {
    await open(`/2/${ICCID}`, answers({ agent_version: 3 }));
    expect(await screen.findByRole('link', { name: 'Open my cards' })).toHaveAttribute('href', '/eshop/card/list');
    expect(screen.queryByTestId('card-summary')).not.toBeInTheDocument();
  });

  it('moves to the flag the card check returns', async () => {
    await open(`/2/${ICCID}`, { ...answers(), checkCard: { flag: '5', iccid: ICCID } });
    expect(await screen.findByTestId('location')).toHaveTextContent(`/5/${ICCID}`);
  });

  it('links to purchased packages, order records and the agreement', async () => {
    await open();
    const bar = await screen.findByTestId('card-bottom-bar');
    expect(within(bar).getByRole('link', { name: 'My packages' })).toHaveAttribute('href', `/pkg?iccid=${ICCID}`);
    expect(within(bar).getByRole('link', { name: 'Order records' })).toHaveAttribute('href', '/pay/order');
    expect(within(bar).getByRole('link', { name: 'Service agreement' })).toHaveAttribute('href', '/agreement');
  });
});

describe('packages', () => {
  it('lists every tab with All first and pre-selects the type query parameter', async () => {
    await open(`/2/${ICCID}?type=Asia`);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['All', 'Europe', 'Asia']);
    expect(screen.getByRole('tab', { name: 'Asia' })).toHaveAttribute('aria-selected', 'true');
    const grid = screen.getByTestId('package-grid');
    expect(within(grid).queryByText('Europe 5GB')).not.toBeInTheDocument();
    expect(within(grid).getByText('Asia 1GB')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'All' }));
    expect(within(screen.getByTestId('package-grid')).getByText('Europe 5GB')).toBeInTheDocument();
  });

  it('shows price, discount, renew price, tags, tips and coverage; zero price shows the tip or Free', async () => {
    await open();
    const tile = await screen.findByTestId('package-1');
    expect(within(tile).getByTestId('package-price')).toHaveTextContent('€14.99€19.99');
    expect(within(tile).getByText('Hot')).toHaveStyle({ background: '#FF0000' });
    expect(within(tile).getByText('-25%')).toBeInTheDocument();
    expect(within(tile).getByText('5GB high speed')).toBeInTheDocument();
    expect(within(tile).getByText('Best value')).toBeInTheDocument();
    expect(within(tile).getByText('Cancel any time')).toBeInTheDocument();
    expect(within(tile).getByTestId('package-renew')).toHaveTextContent('Renews at €17.99');
    expect(within(tile).getByTestId('package-coverage')).toHaveTextContent(
      'Europe (33 countries) · 30 days · starts at first use',
    );
    expect(within(screen.getByTestId('package-2')).getByTestId('package-price')).toHaveTextContent('Trial');
    expect(within(screen.getByTestId('package-3')).getByTestId('package-price')).toHaveTextContent('Free');
  });
});

describe('buying', () => {
  it('needs a package and publishes checkout:open with the full request (the agreement is ticked in the sheet)', async () => {
    const events: CheckoutRequest[] = [];
    const unsubscribe = getBus().subscribe('checkout:open', (request) => events.push(request));
    await open();
    const buy = await screen.findByTestId('buy');
    expect(buy).toBeDisabled();
    // One agreement box per purchase: the payment sheet's, which every purchase passes.
    expect(screen.queryByRole('checkbox', { name: /agree/i })).toBeNull();

    await userEvent.click(screen.getByTestId('package-1'));
    expect(buy).toBeEnabled();
    expect(buy).toHaveTextContent('Buy for €14.99');
    await userEvent.click(buy);

    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      iccid: ICCID,
      flag: '2',
      lang: 'en',
      ccy: 'EUR',
      email: 'me@example.com',
      agentVersion: 2,
      paypalAllowed: true,
      renewalActive: false,
      orderTime: null,
      category: 'Europe',
      returnPath: `/2/${ICCID}`,
      goods: {
        id: 1,
        name: 'Europe 5GB',
        price: 1499,
        price_str: '€14.99',
        renew_price_str: '€17.99',
        renewal: true,
        currency: 'EUR',
        show_paypal: true,
        pool_type_id: null,
      },
    });
    expect(events[0]?.requestId).toBeTruthy();
    unsubscribe();
  });

  it('without a login receipt stores the pending goods and goes to log in; it reopens after the card loads', async () => {
    getStorage().remove(STORAGE_KEYS.RECEIPT);
    const events: CheckoutRequest[] = [];
    const unsubscribe = getBus().subscribe('checkout:open', (request) => events.push(request));
    await open();
    await userEvent.click(await screen.findByTestId('package-1'));
    await userEvent.click(screen.getByTestId('buy'));
    expect(events).toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/user/login');
    const pending = getStorage().getJSON<CheckoutRequest>(STORAGE_KEYS.PENDING_GOODS);
    expect(pending?.goods.id).toBe(1);

    getStorage().set(STORAGE_KEYS.RECEIPT, 'receipt');
    await open();
    await screen.findByTestId('card-summary');
    await waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]?.goods.id).toBe(1);
    expect(getStorage().get(STORAGE_KEYS.PENDING_GOODS)).toBeNull();
    unsubscribe();
  });

  it('agent version 1 shows the old package list', async () => {
    await open(`/2/${ICCID}`, {
      ...answers({ agent_version: 1 }),
      getPkg: {
        list: [
          {
            id: 9,
            name: 'Old 1GB',
            price: 500,
            currency: 'USD',
            renewDiscount: 90,
            taxRate: 0,
            validity: '7 days',
            area: 'USA',
            carriers: '',
            htu: '',
            desc: '',
            tag: '',
            lang: 'en',
            pkg_type_id: 1,
            renewal: false,
          },
        ],
        newList: [],
        recommendList: [],
        typeList: [],
      },
    });
    const item = await screen.findByTestId('old-package-9');
    expect(item).toHaveTextContent('Old 1GB');
    expect(item).toHaveTextContent('$5.00');
  });
});

describe('query parameters and refresh', () => {
  it('returnType=cancel shows the order cancelled warning and leaves the address', async () => {
    const toasts: Array<EventMap['toast']> = [];
    const unsubscribe = getBus().subscribe('toast', (toast) => toasts.push(toast));
    await open(`/2/${ICCID}?returnType=cancel&type=Asia`);
    expect(toasts).toContainEqual({ kind: 'warning', messageKey: 'orderCancelled' });
    expect(screen.getByTestId('location')).toHaveTextContent(`/2/${ICCID}?type=Asia`);
    unsubscribe();
  });

  it('returnType=suc shows the Payment successful dialog', async () => {
    await open(`/2/${ICCID}?returnType=suc`);
    const dialog = await screen.findByRole('dialog', { name: 'Payment successful' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refresh answering 10101 goes to the default flag after 500 ms', async () => {
    await open(`/7/${ICCID}`, { ...answers(), checkCard: { flag: '7', iccid: ICCID } });
    await screen.findByTestId('card-summary');
    // The card left agent 7: refresh says so, and the card check now answers the default agent.
    api.stub({ refresh: callError(10101, 'x'), checkCard: { flag: '2', iccid: ICCID } });
    jest.useFakeTimers();
    try {
      await act(async () => screen.getByTestId('card-refresh').click());
      expect(screen.getByTestId('location')).toHaveTextContent(`/7/${ICCID}`);
      await act(async () => void jest.advanceTimersByTime(500));
      expect(screen.getByTestId('location')).toHaveTextContent(`/2/${ICCID}`);
    } finally {
      jest.useRealTimers();
    }
  });
});
