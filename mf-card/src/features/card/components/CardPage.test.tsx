import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getBus, type Card, type EventMap } from 'shared-contracts';
import { callError, renderRemote, stubCalls, type CallStubs } from 'shared-contracts/testing';
import { card as boundCard, cardRoute, ICCID } from './card-fixtures';
import { CardPage } from './CardPage';

// An unbound card seen by a visitor (no receipt): shown, remembered for binding.
const card: Card = {
  ...boundCard,
  used_str: '5.2GB',
  used: 5324,
  usage_updated_at: null,
  card_email: '',
  user_id: 0,
};

const base: CallStubs = {
  checkCard: { flag: '2', iccid: ICCID },
  getAgent: { flag: '2', paypal: true, ccy: 'EUR', lang: 'en' },
  getPkg: { list: [], newList: [], recommendList: [], typeList: [] },
  checkNotice: { notice: null, list: [], unread: 0 },
  getActivityList: {},
};

describe('card page frame', () => {
  it("moves to the card's own flag when check/card names another; the first answers for the page's flag are dropped quietly", async () => {
    const api = stubCalls({
      ...base,
      checkCard: (request) => ({ flag: '3', iccid: request.iccid }),
      // Answers a moment later, so a message from the dropped answer would reach the listener below.
      getCard: (request) =>
        new Promise((resolve) => setTimeout(() => resolve(request.flag === '3' ? card : callError(10101)), 20)),
    });
    // Listening before the page starts: the api client publishes on the page bus it finds.
    const toasts: unknown[] = [];
    getBus().subscribe('toast', (event) => toasts.push(event));
    await renderRemote(<CardPage />, cardRoute(`/2/${ICCID}`));
    expect(await screen.findByText(`/3/${ICCID}`)).toBeInTheDocument();
    expect(await screen.findByTestId('card-status')).toHaveTextContent('Activated');
    expect(api.callsTo('getCard').map((call) => (call.body as { flag: string }).flag)).toEqual(['2', '3']);
    expect(toasts).toEqual([]);
  });

  it('says why the card could not load, from the first answer itself (the card is not asked twice)', async () => {
    const api = stubCalls({ ...base, getCard: callError(10102) });
    const toasts: unknown[] = [];
    getBus().subscribe('toast', (event) => toasts.push(event));
    await renderRemote(<CardPage />, cardRoute(`/2/${ICCID}`));
    expect(await screen.findByTestId('card-error')).toBeInTheDocument();
    expect(toasts).toEqual([{ kind: 'error', messageKey: 'errors.10102' }]);
    expect(api.callsTo('getCard')).toHaveLength(1);
  });

  it('checks then loads the card and shows status, expiry and data, with a back button in refill mode', async () => {
    const api = stubCalls({ ...base, getCard: card });
    await renderRemote(<CardPage />, cardRoute(`/2/${ICCID}?mode=search`));

    expect(await screen.findByTestId('card-status')).toHaveTextContent('Activated');
    expect(screen.getByTestId('card-expiry')).toHaveTextContent('Expires: Dec 12, 2026');
    expect(screen.getByTestId('card-data')).toHaveTextContent('5.2 GB of 20 GB');
    expect(screen.getByTestId('card-gauge')).toHaveAccessibleName('Data remaining');
    expect(screen.getByTestId('card-gauge')).toHaveTextContent(/74%\s*left/);
    expect(screen.getByTestId('frame-back')).toBeInTheDocument();
    expect(screen.getByTestId('page-title').closest('[data-remote]')).toHaveAttribute('data-remote', 'mf_card');
    await screen.findByTestId('packages');
    const paths = api.calls.map((call) => call.path);
    // Check, agent and card at once (one round trip); once the card is there its packages, activities and notice.
    expect([...paths.slice(0, 3)].sort()).toEqual(['/eshop/check/card', '/eshop/get/agent', '/eshop/get/card']);
    expect([...paths.slice(3)].sort()).toEqual(['/eshop/get/notice', '/eshop/get/pkg', '/eshop/message/activity']);
    expect(api.callsTo('getCard')[0]?.body).toEqual({ flag: '2', iccid: ICCID, lang: 'en' });
    expect(api.calls.find((call) => call.path === '/eshop/get/pkg')?.body).toEqual({
      iccid: ICCID,
      lang: 'en',
      ccy: 'EUR',
    });
    expect(api.calls.find((call) => call.path === '/eshop/message/activity')?.body).toEqual({
      iccid: ICCID,
      lang: 'en',
      position: 'cardDetail',
    });
  });

  it('shows a home button without mode=search, and refresh publishes a success toast on the bus', async () => {
    stubCalls({ ...base, getCard: card, refresh: { ...card, used_str: '6GB', used: 6144 } });
    const toasts: Array<EventMap['toast']> = [];
    const unsubscribe = getBus().subscribe('toast', (toast) => toasts.push(toast));
    await renderRemote(<CardPage />, cardRoute());
    expect(await screen.findByTestId('frame-home')).toBeInTheDocument();

    await userEvent.click(await screen.findByTestId('card-refresh'));
    await waitFor(() => expect(screen.getByTestId('card-data')).toHaveTextContent('6 GB of 20 GB'));
    expect(toasts).toEqual([{ kind: 'success', messageKey: 'refreshSuccess' }]);
    unsubscribe();
  });

  it('is translated: Arabic title and labels', async () => {
    stubCalls({ ...base, getCard: card });
    await renderRemote(<CardPage />, cardRoute(`/2/${ICCID}`, 'ar'));
    expect(await screen.findByTestId('page-title')).toHaveTextContent('بطاقتي');
    expect(await screen.findByTestId('card-status')).toHaveTextContent('مفعّلة');
  });
});
