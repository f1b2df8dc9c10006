import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { activityPopupKey, getStorage, POPUP_DELAY_MS, type Popup } from 'shared-contracts';
import { renderRemote } from 'shared-contracts/testing';
import { remote } from '../../lib/remote';
import { moreText } from '../../lib/text-more';
import { ActivityPopup } from './ActivityPopup';
import { isPopupEligible, pickPopup, readPopupState, recordPopupShown } from './popup-frequency';

const invite: Popup = {
  id: 7,
  image: 'data:image/svg+xml,i',
  link: '/2/89880000000000000002?type=Europe',
  title: 'Invite a friend, both get 1 GB',
  btnText: '',
  showNumber: 3,
  showRule: 86_400,
};
const summer: Popup = { ...invite, id: 8, title: 'Summer sale', btnText: 'Shop now', showNumber: 1, showRule: 0 };
const NOW = new Date('2026-11-22T10:00:00Z').getTime();
const DAY_MS = 86_400_000;

/** The card list screen, with the router's location shown. */
const renderActivity = (ui: ReactElement) =>
  renderRemote(ui, { route: '/eshop/card/list', showLocation: true, i18n: { namespaces: [remote, moreText] } });

const stored = (id: number) => getStorage().getJSON(activityPopupKey(id));

describe('pop-up frequency', () => {
  beforeEach(() => localStorage.clear());

  it('allows at most showNumber shows, each at least showRule seconds after the last', () => {
    expect(readPopupState(7)).toEqual({ showCount: 0, showTime: 0 });
    expect(isPopupEligible(invite, readPopupState(7), NOW)).toBe(true);
    recordPopupShown(7, NOW);
    expect(stored(7)).toEqual({ showCount: 1, showTime: NOW });
    expect(isPopupEligible(invite, readPopupState(7), NOW + DAY_MS - 1)).toBe(false);
    expect(isPopupEligible(invite, readPopupState(7), NOW + DAY_MS)).toBe(true);
    recordPopupShown(7, NOW + DAY_MS);
    recordPopupShown(7, NOW + 2 * DAY_MS);
    expect(stored(7)).toEqual({ showCount: 3, showTime: NOW + 2 * DAY_MS });
    expect(isPopupEligible(invite, readPopupState(7), NOW + 30 * DAY_MS)).toBe(false);
  });

  it('picks only the first eligible pop-up; a damaged entry counts as never shown', () => {
    expect(pickPopup([invite, summer], NOW)?.id).toBe(7);
    recordPopupShown(7, NOW);
    expect(pickPopup([invite, summer], NOW + 1000)?.id).toBe(8);
    recordPopupShown(8, NOW + 1000);
    expect(pickPopup([invite, summer], NOW + 2000)).toBeNull();
    localStorage.setItem(activityPopupKey(7), '{not json');
    expect(pickPopup([invite, summer], NOW + 3000)?.id).toBe(7);
  });
});

describe('activity pop-up', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.useFakeTimers({ now: NOW });
  });
  afterEach(() => jest.useRealTimers());

  async function show(popups: Popup[]) {
    return renderActivity(<ActivityPopup popups={popups} />);
  }

  it('opens 500 ms after the list arrived, counts the show, and has the default button text Go', async () => {
    await show([invite]);
    act(() => void jest.advanceTimersByTime(POPUP_DELAY_MS - 1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stored(7)).toBeNull();
    act(() => void jest.advanceTimersByTime(1));
    const dialog = screen.getByRole('dialog', { name: invite.title });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go' })).toBeInTheDocument();
    expect(stored(7)).toEqual({ showCount: 1, showTime: Date.now() });
  });

  it('is not shown again within showRule seconds, nor after showNumber shows', async () => {
    getStorage().setJSON(activityPopupKey(7), { showCount: 1, showTime: NOW - 1000 });
    const view = await show([invite]);
    act(() => void jest.advanceTimersByTime(POPUP_DELAY_MS * 4));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stored(7)).toEqual({ showCount: 1, showTime: NOW - 1000 });
    view.unmount();

    getStorage().setJSON(activityPopupKey(7), { showCount: 3, showTime: NOW - 30 * DAY_MS });
    await show([invite]);
    act(() => void jest.advanceTimersByTime(POPUP_DELAY_MS));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows only the first eligible pop-up, with its own button text', async () => {
    getStorage().setJSON(activityPopupKey(7), { showCount: 3, showTime: 1 });
    const third: Popup = { ...summer, id: 9, title: 'Third' };
    await show([invite, summer, third]);
    act(() => void jest.advanceTimersByTime(POPUP_DELAY_MS));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Summer sale' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Shop now' })).toBeInTheDocument();
    expect(stored(8)).toEqual({ showCount: 1, showTime: Date.now() });
    expect(stored(9)).toBeNull();
  });

  it('waits until the page is ready (no bind dialog open)', async () => {
    function Page() {
      const [ready, setReady] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setReady(true)}>
            bind dialog closed
          </button>
          <ActivityPopup popups={[invite]} ready={ready} />
        </>
      );
    }
    await renderActivity(<Page />);
    act(() => void jest.advanceTimersByTime(POPUP_DELAY_MS * 4));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'bind dialog closed' }).click());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(POPUP_DELAY_MS));
    expect(screen.getByRole('dialog', { name: invite.title })).toBeInTheDocument();
  });

  it('waits while another modal (e.g. the support sheet) is open', async () => {
    function Page() {
      const [sheet, setSheet] = useState(true);
      return (
        <>
          {sheet ? (
            <div role="dialog" aria-modal="true" aria-label="Customer support">
              <button type="button" onClick={() => setSheet(false)}>
                close support
              </button>
            </div>
          ) : null}
          <ActivityPopup popups={[invite]} />
        </>
      );
    }
    await renderActivity(<Page />);
    act(() => void jest.advanceTimersByTime(POPUP_DELAY_MS * 6));
    expect(screen.queryByRole('dialog', { name: invite.title })).not.toBeInTheDocument();
    expect(stored(7)).toBeNull();
    act(() => screen.getByRole('button', { name: 'close support' }).click());
    act(() => void jest.advanceTimersByTime(POPUP_DELAY_MS));
    expect(screen.getByRole('dialog', { name: invite.title })).toBeInTheDocument();
    expect(stored(7)).toMatchObject({ showCount: 1 });
  });

  it('the button opens the link and closes the pop-up; the close icon only closes', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await show([invite]);
    act(() => void jest.advanceTimersByTime(POPUP_DELAY_MS));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/eshop/card/list');

    localStorage.clear();
    await show([invite]);
    act(() => void jest.advanceTimersByTime(POPUP_DELAY_MS));
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent('/2/89880000000000000002?type=Europe');
  });
});
