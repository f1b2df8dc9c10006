import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { getBus, getStorage, STORAGE_KEYS, type EsimCardInfo, type EventMap } from 'shared-contracts';
import { callError, renderRemote, stubCalls } from 'shared-contracts/testing';
import { LocalToasts } from 'shared-contracts/ui';
import { remote } from '../../../lib/remote';
import { moreText } from '../../../lib/text-more';
import { CardSettingsPage } from './CardSettingsPage';
import { parseMajor } from './RenewalCapPanel';

const card: EsimCardInfo = {
  iccid: '89880000000000000005',
  name: '',
  kind: 1,
  available_days: 4,
  total_active: 1,
  total_str: 'Unlimited',
  total: 0,
  used: 2150,
  remain_str: 'Unlimited',
  expire_date: '2026-11-26',
  warn: '',
  is_third_party: false,
  action: null,
  card_status_str: 'Activated',
  expire_timestamp: 1_795_000_000,
  status_str: 'Activated',
  hasKeys: false,
};

/** The page at /card/set with the routes it leaves for (login, card list), and the page's toasts. */
async function renderSettings() {
  await renderRemote(
    <>
      <Routes>
        <Route path="/card/set" element={<CardSettingsPage />} />
        <Route path="/user/login" element={<p>login page</p>} />
        <Route path="/eshop/card/list" element={<p>card list page</p>} />
      </Routes>
      <LocalToasts />
    </>,
    { route: '/card/set', i18n: { namespaces: [remote, moreText] } },
  );
}

function toasts() {
  const seen: Array<EventMap['toast']> = [];
  const stop = getBus().subscribe('toast', (toast) => seen.push(toast));
  return { seen, stop };
}

const NO_CAP = { amount: null, ccy: null };
const ALERTS = { thresholds: [20, 5], expiry: true, mail: true, email: 'me@example.com' };
/** What every test with a stored card is asked for: the panels' settings (the tests about them stub their own). */
const PANELS = { renewalCap: NO_CAP, alertSettings: ALERTS };
const PANEL_CALLS: ReadonlyArray<string> = Object.keys(PANELS);
const notPanels = (call: { name: string }) => !PANEL_CALLS.includes(call.name);

beforeEach(() => {
  stubCalls(PANELS);
  getStorage().set(STORAGE_KEYS.RECEIPT, 'receipt-1');
  getStorage().setJSON(STORAGE_KEYS.CARD_ITEM, card);
});

test('logged out, the page sends the visitor to the login page', async () => {
  getStorage().remove(STORAGE_KEYS.RECEIPT);
  await renderSettings();
  expect(await screen.findByText('login page')).toBeVisible();
});

test('without a stored card it points to the card list', async () => {
  getStorage().remove(STORAGE_KEYS.CARD_ITEM);
  await renderSettings();
  expect(await screen.findByText(/No card selected/)).toBeVisible();
  expect(screen.getByRole('link', { name: 'Go to my cards' })).toHaveAttribute('href', '/eshop/card/list');
});

test('shows the stored card: default name SIM + last 4, status, ICCID; copy shows copy_succ, a failed copy nothing', async () => {
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  const bus = toasts();
  await renderSettings();

  expect(await screen.findByTestId('settings-name')).toHaveTextContent('SIM 0005');
  expect(screen.getByTestId('settings-name')).toHaveAttribute('translate', 'no');
  expect(screen.getByRole('textbox', { name: 'Card name' })).toHaveValue('SIM 0005');
  expect(screen.getByTestId('settings-card')).toHaveTextContent('Activated');
  expect(screen.getByTestId('settings-iccid')).toHaveTextContent(card.iccid);

  await userEvent.click(screen.getByRole('button', { name: 'Copy ICCID' }));
  expect(writeText).toHaveBeenCalledWith(card.iccid);
  expect(bus.seen).toEqual([{ kind: 'success', messageKey: 'copy_succ' }]);

  writeText.mockRejectedValueOnce(new Error('denied'));
  await userEvent.click(screen.getByRole('button', { name: 'Copy ICCID' }));
  expect(writeText).toHaveBeenCalledTimes(2);
  expect(bus.seen).toHaveLength(1);
  bus.stop();
});

test("the card's alerts panel is on the page, loaded for the stored card", async () => {
  const api = stubCalls(PANELS);
  await renderSettings();
  const panel = await screen.findByRole('form', { name: 'Alerts' });
  expect(within(panel).getByRole('checkbox', { name: '20%' })).toBeChecked();
  expect(api.callsTo('alertSettings').map((call) => call.body)).toEqual([{ iccid: card.iccid }]);
});

test('Save renames the card through v1/set/card and keeps the new name', async () => {
  const api = stubCalls({ ...PANELS, setCard: null });
  const bus = toasts();
  await renderSettings();
  const input = await screen.findByRole('textbox', { name: 'Card name' });
  const save = screen.getByRole('button', { name: 'Save' });
  expect(save).toBeDisabled();

  await userEvent.clear(input);
  await userEvent.type(input, '  Trip phone ');
  await userEvent.click(save);

  expect(api.calls.filter(notPanels)).toEqual([
    expect.objectContaining({ path: '/eshop/api/v1/set/card', body: { iccid: card.iccid, name: 'Trip phone' } }),
  ]);
  expect(await screen.findByTestId('settings-name')).toHaveTextContent('Trip phone');
  // The user's own name is not to be translated.
  expect(screen.getByTestId('settings-name')).toHaveAttribute('translate', 'no');
  // Says what happened, not just "Operation successful.".
  expect(await screen.findByTestId('toast')).toHaveTextContent('Card renamed to “Trip phone”.');
  expect(bus.seen.map((toast) => toast.kind)).toEqual(['success']);
  expect(getStorage().getJSON<EsimCardInfo>(STORAGE_KEYS.CARD_ITEM)?.name).toBe('Trip phone');
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  bus.stop();
});

test('Remove asks first; Cancel keeps the card, Remove unbinds and returns to the card list with a success message', async () => {
  const api = stubCalls({ ...PANELS, unbindCard: null });
  const bus = toasts();
  await renderSettings();

  await userEvent.click(await screen.findByRole('button', { name: 'Remove card' }));
  // jsdom lays nothing out inline: the accessible name gets a space around the marked name.
  let dialog = screen.getByRole('alertdialog', { name: /^Remove SIM 0005 ?\?$/ });
  expect(within(dialog).getByText('SIM 0005')).toHaveAttribute('translate', 'no');
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(api.calls.filter(notPanels)).toHaveLength(0);

  await userEvent.click(screen.getByRole('button', { name: 'Remove card' }));
  dialog = screen.getByRole('alertdialog', { name: /^Remove SIM 0005 ?\?$/ });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

  expect(await screen.findByText('card list page')).toBeVisible();
  expect(api.calls.filter(notPanels)).toEqual([
    expect.objectContaining({ path: '/eshop/api/v1/unbind/card', body: { iccid: card.iccid } }),
  ]);
  expect(await screen.findByTestId('toast')).toHaveTextContent('SIM 0005 was removed from your account.');
  expect(bus.seen.map((toast) => toast.kind)).toEqual(['success']);
  expect(getStorage().get(STORAGE_KEYS.CARD_ITEM)).toBeNull();
  bus.stop();
});

test('a refused unbind stays on the page with the catalogue message', async () => {
  stubCalls({ ...PANELS, unbindCard: callError(10024, 'x') });
  const bus = toasts();
  await renderSettings();
  await userEvent.click(await screen.findByRole('button', { name: 'Remove card' }));
  await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
  expect(await screen.findByRole('button', { name: 'Remove card' })).toBeVisible();
  expect(screen.queryByText('card list page')).toBeNull();
  expect(bus.seen).toEqual([{ kind: 'error', messageKey: 'errors.10024' }]);
  expect(getStorage().getJSON<EsimCardInfo>(STORAGE_KEYS.CARD_ITEM)?.iccid).toBe(card.iccid);
  bus.stop();
});

test('the monthly auto-renewal limit: shows none, saves one in minor units, removes it; a bad amount is explained', async () => {
  const api = stubCalls({
    ...PANELS,
    setRenewalCap: (request) => ({ amount: request.amount, ccy: request.amount === null ? null : request.ccy }),
  });
  getStorage().set(STORAGE_KEYS.CURRENCY_KEY, 'EUR');
  await renderSettings();
  const panel = await screen.findByTestId('renewal-cap');
  expect(within(panel).getByTestId('renewal-cap-current')).toHaveTextContent('No limit');

  const input = within(panel).getByLabelText('Monthly limit (EUR)');
  await userEvent.type(input, '25.5.0');
  await userEvent.click(within(panel).getByRole('button', { name: 'Save limit' }));
  expect(within(panel).getByRole('alert')).toHaveTextContent('Enter an amount such as 25 or 25.50.');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(api.callsTo('setRenewalCap')).toHaveLength(0);

  await userEvent.clear(input);
  await userEvent.type(input, '25,50');
  await userEvent.click(within(panel).getByRole('button', { name: 'Save limit' }));
  expect(api.callsTo('setRenewalCap')[0]?.body).toEqual({ iccid: card.iccid, amount: 2550, ccy: 'EUR' });
  expect(await within(panel).findByTestId('renewal-cap-current')).toHaveTextContent('€25.50');
  expect(screen.getByTestId('toast')).toHaveTextContent('Monthly renewal limit saved: €25.50.');
  // Save is disabled again (the field is empty): the focus is back on the amount, not lost.
  expect(input).toHaveFocus();

  await userEvent.click(within(panel).getByRole('button', { name: 'Remove limit' }));
  expect(api.callsTo('setRenewalCap')[1]?.body).toEqual({ iccid: card.iccid, amount: null, ccy: 'EUR' });
  expect(await within(panel).findByTestId('renewal-cap-current')).toHaveTextContent('No limit');
  expect(screen.getByTestId('toast')).toHaveTextContent('Monthly renewal limit removed: every due renewal is charged.');
  // Remove is gone with the limit: the focus went back to the amount.
  expect(within(panel).queryByRole('button', { name: 'Remove limit' })).toBeNull();
  expect(input).toHaveFocus();
});

test("parseMajor reads prices as people type them, in the currency's own decimals", () => {
  expect(parseMajor('25', 'USD')).toBe(2500);
  expect(parseMajor(' 25.5 ', 'USD')).toBe(2550);
  expect(parseMajor('1500', 'JPY')).toBe(1500);
  expect(parseMajor('15.5', 'JPY')).toBeNull();
  expect(parseMajor('-3', 'USD')).toBeNull();
  expect(parseMajor('abc', 'USD')).toBeNull();
});
