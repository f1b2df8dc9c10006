import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement } from 'react';
import { getStorage, STORAGE_KEYS, type EsimCardInfo } from 'shared-contracts';
import { renderRemote } from 'shared-contracts/testing';
import { remote } from '../../lib/remote';
import { moreText } from '../../lib/text-more';
import { SimCard } from './SimCard';

const sim: EsimCardInfo = {
  iccid: '89880000000000000007',
  name: '',
  kind: 1,
  available_days: 2,
  total_active: 1,
  total_str: '3GB',
  total: 3072,
  used: 2765,
  remain_str: '0.3GB',
  remain_mb: 307.2,
  unlimited: false,
  expire_date: '2026-11-24',
  warn: '2 days',
  warn_days: 2,
  is_third_party: false,
  action: null,
  card_status_str: 'Activated',
  expire_timestamp: null,
  status_str: 'Activated',
  hasKeys: false,
};

/** The card list screen, with the router's location shown. */
const renderWidget = (ui: ReactElement, lang = 'en') =>
  renderRemote(ui, { route: '/eshop/card/list', showLocation: true, i18n: { lang, namespaces: [remote, moreText] } });

describe('SIM card widget', () => {
  beforeEach(() => localStorage.clear());

  it('shows the summary and refills through /2/{iccid}?mode=search', async () => {
    await renderWidget(<SimCard card={sim} />);
    const tile = screen.getByTestId('sim-card');
    expect(tile).toHaveAccessibleName('SIM 0007');
    // 'SIM' and the last digits, like the user's own name, is not to be translated.
    expect(screen.getByTestId('sim-name')).toHaveTextContent(/^SIM 0007$/);
    expect(screen.getByTestId('sim-name')).toHaveAttribute('translate', 'no');
    expect(tile).toHaveTextContent('307 MB left of 3 GB');
    expect(tile).toHaveTextContent('Expires in 2 days');
    expect(screen.getByRole('link', { name: 'Refill SIM 0007' })).toHaveAttribute(
      'href',
      `/2/${sim.iccid}?mode=search`,
    );
  });

  it('writes the figures and the warning days in the page language', async () => {
    await renderWidget(<SimCard card={{ ...sim, remain_mb: 1536 }} />, 'de');
    expect(screen.getByTestId('sim-data')).toHaveTextContent('1,5 GB');
    expect(screen.getByTestId('sim-card')).toHaveTextContent('Noch 2 Tage gültig');
  });

  it('an api without the new figures: remaining from total and used, the warning as sent', async () => {
    const { remain_mb: _remain, unlimited: _unlimited, warn_days: _days, ...older } = sim;
    await renderWidget(<SimCard card={older} />);
    expect(screen.getByTestId('sim-data')).toHaveTextContent('307 MB left of 3 GB');
    expect(screen.getByTestId('sim-card')).toHaveTextContent('Expires in 2 days');
  });

  it.each([
    ['no data plan', { total: 0, used: 0, remain_mb: 0, total_str: '0MB', remain_str: '0MB' }, 'No data plan yet'],
    ['an unlimited plan', { unlimited: true, total: 0, used: 3571.13, remain_mb: 0 }, '3.49 GB used · unlimited plan'],
    ['a third-party card', { is_third_party: true, total: 0, used: 0, remain_mb: 0 }, 'Third-party card'],
  ] as Array<[string, Partial<EsimCardInfo>, string]>)(
    'says what a SIM with %s has, never "0MB left of 0MB"',
    async (_, change, text) => {
      await renderWidget(<SimCard card={{ ...sim, ...change }} />);
      expect(screen.getByTestId('sim-data')).toHaveTextContent(text);
      expect(screen.getByTestId('sim-card')).not.toHaveTextContent(/0 ?MB/);
    },
  );

  it('settings hand the card over in local storage and open /card/set', async () => {
    await renderWidget(<SimCard card={sim} />);
    await userEvent.click(screen.getByRole('button', { name: 'Settings of SIM 0007' }));
    expect(getStorage().getJSON(STORAGE_KEYS.CARD_ITEM)).toEqual(sim);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/card\/set$/);
  });
});
