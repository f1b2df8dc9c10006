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
const renderWidget = (ui: ReactElement, lang = 'en') =>
  renderRemote(ui, {
    route: '/eshop/card/list',
    path: '/eshop/card/list',
    showLocation: true,
    i18n: { lang, namespaces: [remote] },
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

  it("writes the default name in the page's language (German, Arabic), not marked as the user's", async () => {
    for (const [lang, text] of [
      ['de', 'eSIM-Slot 3'],
      ['ar', 'فتحة eSIM 3'],
    ] as const) {
      const { unmount } = await renderWidget(<SlotCard slot={slot} index={3} />, lang);
      expect(screen.getByTestId('slot-name')).toHaveTextContent(new RegExp(`^${text}$`));
      expect(screen.getByTestId('slot-name')).not.toHaveAttribute('translate');
      unmount();
    }
  });

  it("marks the user's own name as not to be translated", async () => {
    await renderWidget(<SlotCard slot={{ ...slot, name: 'Tablet' }} index={3} />);
    expect(screen.getByTestId('slot-name')).toHaveTextContent(/^Tablet$/);
    expect(screen.getByTestId('slot-name')).toHaveAttribute('translate', 'no');
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
