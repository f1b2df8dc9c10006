import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { getBus, type EventMap } from 'shared-contracts';
import { callError, renderRemote, stubCalls } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { moreText } from '../../../lib/text-more';
import { MAX_THRESHOLDS, thresholdOptions, toggleThreshold } from '../lib/alert-thresholds';
import { AlertSettingsPanel } from './AlertSettingsPanel';

const ICCID = '89880000000000000005';
const ALERTS = { thresholds: [20, 5], expiry: true, mail: true, email: 'me@example.com' };

async function renderPanel(lang = 'en') {
  await renderRemote(<AlertSettingsPanel iccid={ICCID} />, { i18n: { lang, namespaces: [remote, moreText] } });
  return screen.findByRole('form', { name: i18n.t('cardMore:alerts.title') });
}

/** The toasts published from now on, with their text as the page's toast region writes it. */
function toasts() {
  const seen: Array<EventMap['toast'] & { text: string }> = [];
  const stop = getBus().subscribe('toast', (toast) =>
    seen.push({ ...toast, text: i18n.t(toast.messageKey, { ns: 'common', ...toast.values }) }),
  );
  return { seen, stop };
}

const chip = (panel: HTMLElement, name: string) => within(panel).getByRole('checkbox', { name });
const chosen = (panel: HTMLElement) =>
  within(panel)
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => box.closest('label')?.textContent?.replace('✓', ''));

test('shows the stored alerts: the chosen thresholds, the expiry alert and where the e-mails go', async () => {
  const api = stubCalls({ alertSettings: ALERTS });
  const panel = await renderPanel();

  expect(api.callsTo('alertSettings').map((call) => call.body)).toEqual([{ iccid: ICCID }]);
  const group = within(panel).getByRole('group', { name: 'Alert me when data left falls to' });
  expect(
    within(group)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent),
  ).toEqual(['50%', '✓20%', '10%', '✓5%']);
  expect(group).toHaveAccessibleDescription('Choose up to 3.');
  expect(within(panel).getByRole('switch', { name: 'Package ending' })).toHaveAttribute('aria-checked', 'true');
  expect(within(panel).getByRole('switch', { name: 'Package ending' })).toHaveAccessibleDescription(
    'An alert 24 hours before a package ends.',
  );
  const mail = within(panel).getByRole('switch', { name: 'Alert e-mails' });
  expect(mail).toHaveAttribute('aria-checked', 'true');
  expect(mail).toHaveAccessibleDescription('Sent to: me@example.com');
});

test('at most three thresholds; Save stores the choice with setAlertSettings and says "Alerts saved"', async () => {
  const api = stubCalls({
    alertSettings: ALERTS,
    setAlertSettings: ({ thresholds, expiry, mail }) => ({ thresholds, expiry, mail, email: ALERTS.email }),
  });
  const bus = toasts();
  const panel = await renderPanel();

  await userEvent.click(chip(panel, '50%'));
  expect(chosen(panel)).toEqual(['50%', '20%', '5%']);
  // Three are on: the fourth waits until one is switched off.
  expect(chip(panel, '10%')).toBeDisabled();
  await userEvent.click(chip(panel, '5%'));
  expect(chip(panel, '10%')).toBeEnabled();
  await userEvent.click(chip(panel, '10%'));
  await userEvent.click(within(panel).getByRole('switch', { name: 'Package ending' }));
  await userEvent.click(within(panel).getByRole('switch', { name: 'Alert e-mails' }));
  expect(within(panel).getByRole('switch', { name: 'Package ending' })).toHaveAttribute('aria-checked', 'false');

  await userEvent.click(within(panel).getByRole('button', { name: 'Save alerts' }));
  expect(api.callsTo('setAlertSettings').map((call) => call.body)).toEqual([
    { iccid: ICCID, thresholds: [50, 20, 10], expiry: false, mail: false },
  ]);
  await waitFor(() =>
    expect(bus.seen).toEqual([{ kind: 'success', messageKey: 'cardMore:alerts.saved', text: 'Alerts saved' }]),
  );
  // The panel shows what the api stored.
  expect(chosen(panel)).toEqual(['50%', '20%', '10%']);
  expect(within(panel).getByRole('switch', { name: 'Alert e-mails' })).toHaveAttribute('aria-checked', 'false');
  bus.stop();
});

test('no thresholds at all is a choice too, and says there are no low-data alerts', async () => {
  const api = stubCalls({ alertSettings: ALERTS, setAlertSettings: { ...ALERTS, thresholds: [] } });
  const panel = await renderPanel();
  await userEvent.click(chip(panel, '20%'));
  await userEvent.click(chip(panel, '5%'));
  expect(within(panel).getByRole('group')).toHaveAccessibleDescription('No low-data alerts. Choose up to 3.');
  await userEvent.click(within(panel).getByRole('button', { name: 'Save alerts' }));
  expect(api.callsTo('setAlertSettings')[0]?.body).toMatchObject({ thresholds: [] });
});

test('a card without an e-mail address: alerts show only on the card page; a threshold set elsewhere keeps its chip', async () => {
  stubCalls({ alertSettings: { thresholds: [30], expiry: false, mail: true, email: '' } });
  const panel = await renderPanel();
  expect(within(panel).getByRole('switch', { name: 'Alert e-mails' })).toHaveAccessibleDescription(
    'This card has no e-mail address, so alerts only appear as notices on the card page.',
  );
  expect(within(panel).queryByTestId('alert-mail-to')).toBeNull();
  expect(chosen(panel)).toEqual(['30%']);
  expect(within(panel).getAllByRole('checkbox')).toHaveLength(5);
});

test('a refused save keeps the choice on screen, with the catalogue message and no success message', async () => {
  stubCalls({ alertSettings: ALERTS, setAlertSettings: callError(10024, 'x') });
  const bus = toasts();
  const panel = await renderPanel();
  await userEvent.click(chip(panel, '50%'));
  await userEvent.click(within(panel).getByRole('button', { name: 'Save alerts' }));
  await waitFor(() => expect(bus.seen.map((toast) => toast.messageKey)).toEqual(['errors.10024']));
  expect(chosen(panel)).toEqual(['50%', '20%', '5%']);
  bus.stop();
});

test('settings that cannot be loaded say so, and Try again loads them', async () => {
  const api = stubCalls({ alertSettings: callError(10001, 'x') });
  await renderRemote(<AlertSettingsPanel iccid={ICCID} />, { i18n: { namespaces: [remote, moreText] } });
  expect(await screen.findByRole('alert')).toHaveTextContent('Your alert settings could not be loaded.');
  api.stub({ alertSettings: ALERTS });
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('form', { name: 'Alerts' })).toBeVisible();
  expect(api.callsTo('alertSettings')).toHaveLength(2);
});

test('reads in the page language: Arabic labels and percentages', async () => {
  stubCalls({ alertSettings: ALERTS });
  const panel = await renderPanel('ar');
  expect(within(panel).getByRole('heading')).toHaveTextContent('التنبيهات');
  expect(within(panel).getAllByRole('checkbox')).toHaveLength(4);
  expect(within(panel).getByRole('button', { name: 'حفظ التنبيهات' })).toBeVisible();
});

test('thresholdOptions and toggleThreshold: highest first, at most MAX_THRESHOLDS', () => {
  expect(thresholdOptions([])).toEqual([50, 20, 10, 5]);
  expect(thresholdOptions([30, 5])).toEqual([50, 30, 20, 10, 5]);
  expect(toggleThreshold([20], 50)).toEqual([50, 20]);
  expect(toggleThreshold([50, 20], 20)).toEqual([50]);
  expect(MAX_THRESHOLDS).toBe(3);
  expect(toggleThreshold([50, 20, 10], 5)).toEqual([50, 20, 10]);
});
