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
  expire_date: '2026-11-24',
  warn: '2 days',
  is_third_party: false,
  action: null,
  card_status_str: 'Activated',
  expire_timestamp: null,
  status_str: 'Activated',
  hasKeys: false,
};

/** The card list screen, with the router's location shown. */
const renderWidget = (ui: ReactElement) =>
  renderRemote(ui, { route: '/eshop/card/list', showLocation: true, i18n: { namespaces: [remote, moreText] } });

describe('SIM card widget', () => {
  beforeEach(() => localStorage.clear());

  it('shows the summary and refills through /2/{iccid}?mode=search', async () => {
    await renderWidget(<SimCard card={sim} />);
    const tile = screen.getByTestId('sim-card');
    expect(tile).toHaveAccessibleName('SIM 0007');
    expect(tile).toHaveTextContent('0.3GB left of 3GB');
    expect(tile).toHaveTextContent('Expires in 2 days');
    expect(screen.getByRole('link', { name: 'Refill SIM 0007' })).toHaveAttribute(
      'href',
      `/2/${sim.iccid}?mode=search`,
    );
  });

  it('settings hand the card over in local storage and open /card/set', async () => {
    await renderWidget(<SimCard card={sim} />);
    await userEvent.click(screen.getByRole('button', { name: 'Settings of SIM 0007' }));
    expect(getStorage().getJSON(STORAGE_KEYS.CARD_ITEM)).toEqual(sim);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/card\/set$/);
  });
});
