import { screen, waitFor, within } from '@testing-library/react';
import { getBus, getStorage, STORAGE_KEYS, type CheckoutRequest } from 'shared-contracts';
import { callError, renderRemote, stubCalls, type CallsHandle, type CallStubs } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { EID, europe, goodsAnswer, slotInfo } from '../../../testing/fixtures';
import { EsimShopPage } from './EsimShopPage';

let api: CallsHandle;
async function open(stubs: CallStubs = {}, route = `/esim/shop/${EID}`, lang = 'en') {
  api = stubCalls({ eidInfo: slotInfo, esimGoodsList: goodsAnswer, ...stubs });
  return renderRemote(<EsimShopPage />, {
    route,
    path: '/esim/shop/:eid',
    showLocation: true,
    i18n: { lang, namespaces: [remote] },
  });
}

function collectCheckouts() {
  const events: CheckoutRequest[] = [];
  const off = getBus().subscribe('checkout:open', (request) => events.push(request));
  return { events, off };
}

const logIn = () => getStorage().set(STORAGE_KEYS.RECEIPT, 'receipt');

describe('eSIM shop', () => {
  it('shows the slot: name, status, slot icons and how many are free', async () => {
    await open();
    expect(await screen.findByTestId('slot-name')).toHaveTextContent('Travel phone');
    expect(screen.getByTestId('slot-status')).toHaveTextContent('Activated');
    expect(screen.getByRole('img', { name: '5 slots used, 3 free' })).toBeInTheDocument();
    expect(screen.getByTestId('slot-free')).toHaveTextContent('3 of 8 slots free');
    expect(screen.getByTestId('slot-name')).toHaveAttribute('translate', 'no');
  });

  it("calls an unnamed slot 'eSim Slot' in the page's language (German), not marked as the user's", async () => {
    await open({ eidInfo: { ...slotInfo, name: '' } }, `/esim/shop/${EID}`, 'de');
    const name = await screen.findByTestId('slot-name');
    expect(name).toHaveTextContent(/^eSIM-Slot$/);
    expect(name).not.toHaveAttribute('translate');
  });

  it('lists the products in the page language and currency, by category tab', async () => {
    const { user } = await open({}, `/esim/shop/${EID}?ccy=eur`);
    const grid = await screen.findByTestId('products');
    expect(api.callsTo('esimGoodsList')[0]?.body).toEqual({ eid: EID, lang: 'en', ccy: 'EUR' });
    expect(within(grid).getAllByRole('article')).toHaveLength(2);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['All', 'Europe', 'Asia']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');

    const card = screen.getByTestId('product-1');
    expect(within(card).getByRole('heading', { name: 'Europe 5GB' })).toBeInTheDocument();
    expect(within(card).getByTestId('product-data')).toHaveTextContent('5 GB · 30 days · starts at installation');
    expect(within(card).getByTestId('product-area')).toHaveTextContent('Europe (33 countries)');
    expect(within(card).getByTestId('product-price')).toHaveTextContent('€14.99');
    expect(within(card).getByLabelText('Was €19.99')).toBeInTheDocument();
    expect(within(card).getByText('Hot')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Asia' }));
    expect(screen.getByRole('tab', { name: 'Asia' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByTestId('products')).getAllByRole('article')).toHaveLength(1);
    expect(screen.getByTestId('product-2')).toBeInTheDocument();
    expect(screen.queryByTestId('product-1')).toBeNull();
  });

  it('names the category tabs by their translated labels, selecting by key', async () => {
    const { user } = await open({ esimGoodsList: { ...goodsAnswer, typeLabels: { Europe: 'Europa', Asia: 'Asien' } } });
    await screen.findByTestId('products');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'Europa', 'Asien']);
    await user.click(screen.getByRole('tab', { name: 'Asien' }));
    expect(within(screen.getByTestId('products')).getAllByRole('article')).toHaveLength(1);
  });

  it('Buy publishes checkout:open for the slot (no renewal, back to the slot page)', async () => {
    logIn();
    const { events, off } = collectCheckouts();
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Buy', description: 'Europe 5GB' }));
    off();
    expect(events).toHaveLength(1);
    const request = events[0]!;
    expect(request).toEqual({
      requestId: expect.any(String),
      goods: expect.objectContaining({
        id: europe.id,
        name: 'Europe 5GB',
        price: 1499,
        price_str: '€14.99',
        renewal: false,
        show_paypal: true,
        currency: 'EUR',
        lang: 'en',
        pool_type_id: null,
      }),
      iccid: null,
      eid: EID,
      flag: '2',
      lang: 'en',
      ccy: 'USD',
      email: 'me@example.com',
      agentVersion: 2,
      paypalAllowed: true,
      renewalActive: false,
      orderTime: null,
      category: 'Europe',
      returnPath: `/esim/${EID}?mode=search`,
    });
  });

  it('without a login, Buy goes to the login page, which comes back to the shop', async () => {
    const { events, off } = collectCheckouts();
    const { user } = await open();
    expect(await screen.findByTestId('login-note')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy', description: 'Japan 3GB' }));
    off();
    expect(events).toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/user/login?redirect=${encodeURIComponent(`/esim/shop/${EID}`)}`,
    );
  });

  it('with no free slot, Buy is disabled and the page says a profile must be removed first', async () => {
    logIn();
    await open({ eidInfo: { ...slotInfo, usage_slot: 8 } });
    expect(await screen.findByTestId('no-free-slot')).toHaveTextContent(
      'All profile slots of this eSIM are in use. Remove a profile first to buy a new one.',
    );
    expect(screen.getByRole('link', { name: 'Manage profiles' })).toHaveAttribute('href', `/esim/${EID}?mode=search`);
    expect(screen.getByRole('button', { name: 'Buy', description: 'Europe 5GB' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Buy', description: 'Japan 3GB' })).toBeDisabled();
  });

  it('Coverage opens a dialog of the countries and operators of the product', async () => {
    const { user } = await open({
      esimProductZoneInfo: {
        countries: [
          { name: 'Japan', img: '', operators: [{ name: 'Docomo', networkType: '5G' }] },
          { name: 'Austria', img: '', operators: [] },
        ],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Coverage', description: 'Japan 3GB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Coverage: Japan 3GB' });
    await waitFor(() => expect(within(dialog).getAllByTestId('coverage-country')).toHaveLength(2));
    expect(api.callsTo('esimProductZoneInfo')[0]?.body).toEqual({ esim_product_id: 12, lang: 'en' });
    expect(within(dialog).getByText('Docomo')).toBeInTheDocument();
    expect(within(dialog).getByText('5G')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an empty shop says so', async () => {
    await open({ esimGoodsList: { list: [], typeList: [] } });
    expect(await screen.findByTestId('products-empty')).toHaveTextContent('There is currently no content available');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it.each([
    [10024, 'This eSIM belongs to another account.'],
    [10025, 'We could not find an eSIM with this EID.'],
    [10102, 'We could not find an eSIM with this EID.'],
  ])('a slot the api refuses with %i says why and offers a way back', async (code, text) => {
    logIn();
    await open({ eidInfo: callError(code), esimGoodsList: goodsAnswer });
    const problem = await screen.findByTestId('slot-problem');
    expect(problem).toHaveTextContent(text);
    expect(within(problem).getByRole('link', { name: 'Back to my cards' })).toHaveAttribute('href', '/eshop/card/list');
    expect(screen.queryByTestId('products')).toBeNull();
  });

  it('a slot of another account offers the login to a visitor', async () => {
    await open({ eidInfo: callError(10024) });
    const problem = await screen.findByTestId('slot-problem');
    expect(within(problem).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/user/login?redirect=${encodeURIComponent(`/esim/shop/${EID}`)}`,
    );
  });
});
