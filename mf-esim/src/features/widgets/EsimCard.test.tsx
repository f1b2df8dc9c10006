import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement } from 'react';
import { getBus, getStorage, STORAGE_KEYS, type EsimCardInfo, type EventMap } from 'shared-contracts';
import { renderRemote } from 'shared-contracts/testing';
import { remote } from '../../lib/remote';
import { EsimCard } from './EsimCard';

const card: EsimCardInfo = {
  iccid: '89860000000000001234',
  name: '',
  kind: 3,
  available_days: 10,
  total_active: 3,
  total_str: '10GB',
  total: 10240,
  used: 2560,
  remain_str: '7.5GB',
  expire_date: '2026-12-01',
  warn: '',
  is_third_party: false,
  action: null,
  card_status_str: 'Activated',
  expire_timestamp: 1796083200,
  status_str: 'Activated',
  hasKeys: false,
};

/** A widget on the card list route; where it navigates shows in data-testid="location". */
const renderWidget = (ui: ReactElement, lang = 'en') =>
  renderRemote(ui, {
    route: '/eshop/card/list',
    path: '/eshop/card/list',
    showLocation: true,
    i18n: { lang, namespaces: [remote] },
  });

function collectToasts() {
  const toasts: Array<EventMap['toast']> = [];
  const off = getBus().subscribe('toast', (toast) => toasts.push(toast));
  return { toasts, off };
}

function setClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('EsimCard', () => {
  it("marks the name (the user's, or 'eSIM' and the last digits) as not to be translated", async () => {
    const { unmount } = await renderWidget(<EsimCard card={{ ...card, name: 'Holiday phone' }} />, 'ar');
    expect(screen.getByTestId('esim-name')).toHaveTextContent(/^Holiday phone$/);
    expect(screen.getByTestId('esim-name')).toHaveAttribute('translate', 'no');
    unmount();
    await renderWidget(<EsimCard card={card} />);
    expect(screen.getByTestId('esim-name')).toHaveTextContent(/^eSIM 1234$/);
    expect(screen.getByTestId('esim-name')).toHaveAttribute('translate', 'no');
  });

  it('writes the amounts and the warning days in the page language', async () => {
    await renderWidget(<EsimCard card={{ ...card, remain_mb: 7680, warn: '2 days', warn_days: 2 }} />, 'de');
    expect(screen.getByTestId('esim-unused')).toHaveTextContent(/^7,5 GB$/);
    expect(screen.getByTestId('esim-total')).toHaveTextContent(/^10 GB$/);
    expect(screen.getByTestId('esim-expiry')).toHaveTextContent('Noch 2 Tage gültig');
  });

  it('an unlimited plan shows the data used and no fake total; no plan says so instead of 0 of 0', async () => {
    const { unmount } = await renderWidget(
      <EsimCard card={{ ...card, unlimited: true, total: 0, used: 3571.13, total_str: 'Unlimited' }} />,
    );
    expect(screen.getByTestId('esim-used')).toHaveTextContent('3.49 GB');
    expect(screen.getByTestId('esim-total')).toHaveTextContent('Unlimited');
    expect(screen.getByRole('img', { name: '100% of data remaining' })).toBeInTheDocument();
    unmount();
    await renderWidget(<EsimCard card={{ ...card, total: 0, used: 0, total_str: '0MB', remain_str: '0MB' }} />);
    expect(screen.getByTestId('esim-no-plan')).toHaveTextContent('No data plan');
    expect(screen.queryByTestId('esim-unused')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /remaining/ })).not.toBeInTheDocument();
  });

  it('shows name, status, gauge, amounts with their unit, expiry and ICCID', async () => {
    await renderWidget(<EsimCard card={card} />);
    expect(screen.getByTestId('esim-name')).toHaveTextContent('eSIM 1234');
    expect(screen.getByTestId('esim-status')).toHaveTextContent('Activated');
    expect(screen.getByRole('img', { name: '75% of data remaining' })).toBeInTheDocument();
    // An api without remain_mb: total − used.
    expect(screen.getByTestId('esim-unused')).toHaveTextContent(/^7\.5 GB$/);
    expect(screen.getByTestId('esim-total')).toHaveTextContent(/^10 GB$/);
    expect(screen.getByTestId('esim-expiry')).toHaveTextContent('Expires Dec 1, 2026');
    expect(screen.getByTestId('esim-iccid')).toHaveTextContent(card.iccid);
    expect(screen.getByTestId('esim-card')).toHaveAttribute('data-warning', 'false');
  });

  it.each([
    [{ action: 'install_fail' as const }, 'Installation failed'],
    [{ action: 'delete' as const }, 'Deleted'],
    [{ status_str: 'Suspension' }, 'Deactivated'],
  ])('draws %o as a warning labelled %s', async (change, label) => {
    await renderWidget(<EsimCard card={{ ...card, ...change }} />);
    expect(screen.getByTestId('esim-status')).toHaveTextContent(label);
    expect(screen.getByTestId('esim-card')).toHaveAttribute('data-warning', 'true');
  });

  it('copies the ICCID with a copy_succ toast, and ignores a failed copy', async () => {
    const { toasts, off } = collectToasts();
    const writeText = jest.fn(async () => undefined);
    setClipboard(writeText);
    await renderWidget(<EsimCard card={card} />);
    await userEvent.click(screen.getByRole('button', { name: `Copy ICCID ${card.iccid}` }));
    await act(async () => undefined);
    expect(writeText).toHaveBeenCalledWith(card.iccid);
    expect(toasts).toEqual([{ kind: 'success', messageKey: 'copy_succ' }]);
    setClipboard(async () => Promise.reject(new Error('denied')));
    await userEvent.click(screen.getByRole('button', { name: `Copy ICCID ${card.iccid}` }));
    await act(async () => undefined);
    expect(toasts).toHaveLength(1);
    off();
  });

  it('Refill opens the card page in search mode; the name stores the card for its settings', async () => {
    await renderWidget(<EsimCard card={card} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refill' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/2/${card.iccid}?mode=search`);
  });

  it('the name stores the card and opens its settings', async () => {
    await renderWidget(<EsimCard card={{ ...card, warn: '2 days' }} />);
    expect(screen.getByTestId('esim-expiry')).toHaveTextContent('Expires in 2 days');
    await userEvent.click(screen.getByRole('button', { name: 'eSIM 1234 settings' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/esim/card/set/0');
    expect(getStorage().getJSON(STORAGE_KEYS.ESIM_CARD_INFO)).toEqual({ ...card, warn: '2 days' });
  });

  it('shows refresh instead of Refill when a refresh callback is given', async () => {
    const onRefresh = jest.fn(async () => undefined);
    await renderWidget(<EsimCard card={card} onRefresh={onRefresh} />);
    expect(screen.queryByRole('button', { name: 'Refill' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalled();
  });

  it('a third-party card shows its note and no gauge', async () => {
    await renderWidget(<EsimCard card={{ ...card, is_third_party: true }} />);
    expect(screen.getByTestId('esim-third-party')).toBeInTheDocument();
    expect(screen.queryByTestId('gauge')).not.toBeInTheDocument();
    expect(screen.getByTestId('esim-status')).toHaveTextContent('Not activated');
  });
});
