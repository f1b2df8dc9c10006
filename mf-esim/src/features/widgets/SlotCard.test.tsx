import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement } from 'react';
import { getStorage, STORAGE_KEYS, type EidItem } from 'shared-contracts';
import { renderRemote } from 'shared-contracts/testing';
import { remote } from '../../lib/remote';
import { SlotCard } from './SlotCard';

const slot: EidItem = {
  eid: '89049032000000000000000000000001',
  iccid: '',
  name: '',
  status: 'Activated',
  total_slot: 5,
  usage_slot: 2,
};

/** A widget on the card list route; where it navigates shows in data-testid="location". */
const renderWidget = (ui: ReactElement) =>
  renderRemote(ui, {
    route: '/eshop/card/list',
    path: '/eshop/card/list',
    showLocation: true,
    i18n: { namespaces: [remote] },
  });

describe('SlotCard', () => {
  it('shows the default name, status and one icon per used and free slot', async () => {
    await renderWidget(<SlotCard slot={slot} index={3} />);
    expect(screen.getByTestId('slot-name')).toHaveTextContent('eSim Slot 3');
    expect(screen.getByTestId('slot-status')).toHaveTextContent('Activated');
    const icons = screen.getByRole('img', { name: '2 slots used, 3 free' });
    expect(icons.querySelectorAll('[data-used="true"]')).toHaveLength(2);
    expect(icons.querySelectorAll('[data-used="false"]')).toHaveLength(3);
  });

  it('never shows fewer than zero free slots', async () => {
    await renderWidget(<SlotCard slot={{ ...slot, usage_slot: 7 }} index={1} />);
    expect(screen.getByRole('img', { name: '7 slots used, 0 free' })).toBeInTheDocument();
  });

  it('Remote opens the slot in search mode', async () => {
    await renderWidget(<SlotCard slot={slot} index={1} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remote' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/esim/${slot.eid}?mode=search`);
  });

  it('the name stores the slot and opens its settings', async () => {
    await renderWidget(<SlotCard slot={{ ...slot, name: 'Tablet' }} index={1} />);
    await userEvent.click(screen.getByRole('button', { name: 'Tablet settings' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/esim/slot/set');
    expect(getStorage().getJSON(STORAGE_KEYS.SET_SLOT_ITEM)).toEqual({ ...slot, name: 'Tablet', index: 1 });
  });
});
