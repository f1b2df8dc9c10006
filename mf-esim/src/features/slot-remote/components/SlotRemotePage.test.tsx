import { act, screen, waitFor, within } from '@testing-library/react';
import { getBus, getStorage, STORAGE_KEYS, type EventMap, type PayReturnProps } from 'shared-contracts';
import {
  callError,
  payReturn,
  renderRemote,
  stubCalls,
  stubFederation,
  type CallsHandle,
  type CallStubs,
} from 'shared-contracts/testing';
import { resetRemoteWidgets } from 'shared-contracts/ui/federation';
import { remote } from '../../../lib/remote';
import { ACTIVATION_CODE, EID, profile, slotInfo } from '../../../testing/fixtures';
import { SlotRemotePage } from './SlotRemotePage';

let api: CallsHandle;
async function open(route = `/esim/${EID}?mode=search`, stubs: CallStubs = {}) {
  api = stubCalls({
    eidInfo: slotInfo,
    eidCheckOnline: { online: true },
    eidInstallProcess: { state: 'downloading', progress: 40 },
    eidProfileList: {
      list: [profile({}), profile({ iccid: '89860000000000005678', name: 'Work', state: 'disabled' })],
    },
    ...stubs,
  });
  return renderRemote(<SlotRemotePage />, {
    route,
    path: '/esim/:eid',
    showLocation: true,
    i18n: { namespaces: [remote] },
  });
}

const logIn = () => getStorage().set(STORAGE_KEYS.RECEIPT, 'receipt');

// mf_checkout's './PayReturn' widget, as the shell's federation instance loads it.
const seen: Array<Omit<PayReturnProps, 'onClose' | 'onEmail' | 'onPaid'>> = [];
function FakePayReturn(props: PayReturnProps) {
  seen.push({
    iccid: props.iccid,
    orderId: props.orderId,
    stored: props.stored,
    lang: props.lang,
    ...(props.returnType ? { returnType: props.returnType } : {}),
  });
  return (
    <div role="dialog" aria-label="Pay return" data-testid="pay-return">
      <button type="button" onClick={props.onPaid}>
        paid
      </button>
      <button type="button" onClick={props.onClose}>
        close
      </button>
    </div>
  );
}
const loadRemote = jest.fn();
let unstubFederation: () => void;
beforeEach(() => {
  seen.length = 0;
  resetRemoteWidgets();
  loadRemote.mockReset();
  loadRemote.mockImplementation(async () => ({ default: FakePayReturn }));
  unstubFederation = stubFederation({ remotes: ['mf_checkout'], loadRemote });
});
afterEach(() => unstubFederation());

describe('slot remote page', () => {
  it('shows the slot with its slot icons and a way to buy a plan', async () => {
    logIn();
    await open();
    expect(await screen.findByTestId('slot-name')).toHaveTextContent('Travel phone');
    expect(screen.getByRole('img', { name: '5 slots used, 3 free' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy an eSIM plan' })).toHaveAttribute('href', `/esim/shop/${EID}`);
  });

  it("lists the slot's profiles: name, state, status, data left and expiry", async () => {
    logIn();
    await open(`/esim/${EID}?mode=search`, {
      eidProfileList: {
        list: [
          profile({}),
          profile({ iccid: '89860000000000005678', name: 'Work', state: 'disabled', status_str: 'Suspension' }),
          profile({ iccid: '89860000000000009999', action: 'install_fail' }),
          profile({ iccid: '89860000000000001111', total_mb: 3072, remain_mb: 2539.98, unlimited: false }),
          profile({ iccid: '89860000000000002222', total_mb: 0, remain_mb: 0, unlimited: true }),
          profile({ iccid: '89860000000000003333', total_mb: 0, remain_mb: 0, unlimited: false }),
        ],
      },
    });
    const items = await screen.findAllByTestId('profile');
    expect(api.callsTo('eidProfileList')[0]?.body).toEqual({ eid: EID });
    expect(items).toHaveLength(6);
    // From the numbers: with units, unlimited in words, and no '0 MB left of 0 MB' for a profile without a plan.
    expect(within(items[3]!).getByTestId('profile-data')).toHaveTextContent('2.48 GB left of 3 GB');
    expect(within(items[4]!).getByTestId('profile-data')).toHaveTextContent('Unlimited');
    expect(within(items[5]!).getByTestId('profile-data')).toHaveTextContent('No data plan');
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByTestId('profile-name')).toHaveTextContent('eSIM 1234');
    expect(within(first).getByTestId('profile-state')).toHaveTextContent('In use');
    expect(within(first).getByTestId('profile-status')).toHaveTextContent('Activated');
    expect(within(first).getByTestId('profile-data')).toHaveTextContent('7.5GB left of 10GB');
    expect(within(first).getByTestId('profile-expiry')).toHaveTextContent('2026-12-01');
    expect(within(second).getByTestId('profile-name')).toHaveTextContent('Work');
    // The user's name (or 'eSIM' and the last digits) is not to be translated.
    expect(within(first).getByTestId('profile-name')).toHaveAttribute('translate', 'no');
    expect(within(second).getByTestId('profile-name')).toHaveAttribute('translate', 'no');
    expect(within(second).getByTestId('profile-state')).toHaveTextContent('Installed, not in use');
    expect(within(second).getByTestId('profile-status')).toHaveTextContent('Deactivated');
    expect(within(third).getByTestId('profile-status')).toHaveTextContent('Installation failed');
    expect(screen.queryByTestId('install-guide')).toBeNull();
  });

  it('a pending profile shows its QR code, the SM-DP+ address and code with copy, the iOS link and the warning', async () => {
    logIn();
    const toasts: Array<EventMap['toast']> = [];
    const off = getBus().subscribe('toast', (toast) => toasts.push(toast));
    const { user } = await open(`/esim/${EID}?mode=search`, {
      eidProfileList: {
        list: [profile({ state: 'pending', activation_code: ACTIVATION_CODE, total_str: '', remain_str: '' })],
      },
    });
    const guide = await screen.findByTestId('install-guide');
    expect(within(guide).getByRole('img', { name: 'QR code to install eSIM 1234' })).toBeInTheDocument();
    expect(within(guide).getByTestId('qr-code').querySelector('path')?.getAttribute('d')).toMatch(/^M\d/);
    expect(within(guide).getByTestId('install-smdp')).toHaveTextContent('smdp.example.com');
    expect(within(guide).getByTestId('install-matching-id')).toHaveTextContent('K2-ABC123-XYZ');
    expect(within(guide).getByTestId('install-code')).toHaveTextContent(ACTIVATION_CODE);
    expect(within(guide).getByRole('link', { name: 'Install on this iPhone (iOS 17.4 or later)' })).toHaveAttribute(
      'href',
      `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(ACTIVATION_CODE)}`,
    );
    expect(within(guide).getByTestId('install-once')).toHaveTextContent('A QR code can be used only once.');
    expect(screen.getByTestId('profile-state')).toHaveTextContent('Waiting to be installed');

    // user-event's clipboard stands in for the browser's.
    await user.click(within(guide).getByRole('button', { name: 'Copy SM-DP+ address' }));
    await act(async () => undefined);
    expect(await navigator.clipboard.readText()).toBe('smdp.example.com');
    await user.click(within(guide).getByRole('button', { name: 'Copy Activation code' }));
    await act(async () => undefined);
    expect(await navigator.clipboard.readText()).toBe('K2-ABC123-XYZ');
    off();
    expect(toasts).toEqual([
      { kind: 'success', messageKey: 'copy_succ' },
      { kind: 'success', messageKey: 'copy_succ' },
    ]);
  });

  it('the owner uses, stops using and deletes profiles (deleting after a confirmation); the list is asked again', async () => {
    logIn();
    const { user } = await open(`/esim/${EID}?mode=search`, {
      eidAction: null,
      eidProfileList: {
        list: [
          profile({}),
          profile({ iccid: '89860000000000005678', name: 'Work', state: 'disabled' }),
          profile({ iccid: '89860000000000007777', name: 'Old', state: 'disabled', action: 'delete' }),
        ],
      },
    });
    const [inUse, spare, gone] = (await screen.findAllByTestId('profile')) as [HTMLElement, HTMLElement, HTMLElement];
    // In use: stop first; no Delete until then.
    expect(within(inUse).queryByTestId('profile-delete')).toBeNull();
    await user.click(within(inUse).getByRole('button', { name: 'Stop using' }));
    await waitFor(() => expect(api.callsTo('eidProfileList')).toHaveLength(2));
    await user.click(within(spare).getByRole('button', { name: 'Use this profile' }));
    await user.click(within(spare).getByTestId('profile-delete'));
    // jsdom lays nothing out inline: the accessible name gets a space around the marked name.
    const confirm = screen.getByRole('dialog', { name: /^Delete Work ?\?$/ });
    expect(within(confirm).getByText('Work')).toHaveAttribute('translate', 'no');
    expect(confirm).toHaveTextContent('cannot be undone');
    await user.click(within(confirm).getByTestId('profile-delete-confirm'));
    await waitFor(() => expect(api.callsTo('eidAction')).toHaveLength(3));
    expect(api.callsTo('eidAction').map((call) => call.body)).toEqual([
      { eid: EID, iccid: '89860000000000001234', action: 'disable' },
      { eid: EID, iccid: '89860000000000005678', action: 'enable' },
      { eid: EID, iccid: '89860000000000005678', action: 'delete' },
    ]);
    // A deleted profile says so, and offers nothing.
    expect(within(gone).getByTestId('profile-state')).toHaveTextContent('Deleted');
    expect(within(gone).queryByTestId('profile-actions')).toBeNull();
  });

  it('a pending profile shows the install progress, asked again until installed; the device seen online', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const answers: Array<{ state: 'pending' | 'downloading' | 'installed'; progress: number }> = [
      { state: 'pending', progress: 0 },
      { state: 'downloading', progress: 60 },
    ];
    try {
      logIn();
      await open(`/esim/${EID}?mode=search`, {
        // Installed between two asks: the api answers 100606 (already installed), which ends the asking too.
        eidInstallProcess: () => answers.shift() ?? callError(100606, 'already installed'),
        eidProfileList: {
          list: [profile({ state: 'pending', activation_code: ACTIVATION_CODE, total_str: '', remain_str: '' })],
        },
      });
      expect(await screen.findByTestId('slot-online')).toHaveTextContent('Seen on a network recently');
      expect(await screen.findByTestId('install-progress')).toHaveAttribute('data-state', 'pending');
      await act(async () => jest.advanceTimersByTime(2_000));
      await waitFor(() => expect(screen.getByTestId('install-progress')).toHaveAttribute('data-state', 'downloading'));
      await act(async () => jest.advanceTimersByTime(4_000));
      // Installed: the list is asked again and no more asks follow.
      await waitFor(() => expect(api.callsTo('eidProfileList')).toHaveLength(2));
      const asked = api.callsTo('eidInstallProcess').length;
      await act(async () => jest.advanceTimersByTime(60_000));
      expect(api.callsTo('eidInstallProcess')).toHaveLength(asked);
    } finally {
      jest.useRealTimers();
    }
  });

  it('logged out, the profiles are not asked for and a login link comes back here', async () => {
    await open();
    const note = await screen.findByTestId('profiles-login');
    expect(within(note).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/user/login?redirect=${encodeURIComponent(`/esim/${EID}?mode=search`)}`,
    );
    await screen.findByTestId('slot-name');
    expect(api.callsTo('eidProfileList')).toHaveLength(0);
  });

  it('a session end on the profiles offers the login again instead of leaving the page', async () => {
    logIn();
    await open(`/esim/${EID}?mode=search`, { eidProfileList: callError(10012) });
    const note = await screen.findByTestId('profiles-login');
    expect(within(note).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(getStorage().get(STORAGE_KEYS.RECEIPT)).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(`/esim/${EID}?mode=search`);
  });

  it("returnType=suc shows mf_checkout's pay return dialog and lists the profiles again once paid", async () => {
    logIn();
    const stored = payReturn({ iccid: null });
    getStorage().setJSON(STORAGE_KEYS.PAY_RETURN, stored);
    const { user } = await open(`/esim/${EID}?mode=search&returnType=suc&order_id=42`);
    const dialog = await screen.findByTestId('pay-return');
    expect(loadRemote).toHaveBeenCalledWith('mf_checkout/PayReturn');
    expect(seen.at(-1)).toEqual({ iccid: '', orderId: '42', stored, lang: 'en' });
    expect(getStorage().get(STORAGE_KEYS.PAY_RETURN)).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/esim/${EID}\\?mode=search$`));

    await waitFor(() => expect(api.callsTo('eidProfileList')).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: 'paid' }));
    await waitFor(() => expect(api.callsTo('eidProfileList')).toHaveLength(2));
    await user.click(within(dialog).getByRole('button', { name: 'close' }));
    expect(screen.queryByTestId('pay-return')).toBeNull();
  });

  it('once paid, the page says the new eSIM is being prepared and asks again until it is listed', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      logIn();
      getStorage().setJSON(STORAGE_KEYS.PAY_RETURN, payReturn({ iccid: null }));
      let asked = 0;
      const { user } = await open(`/esim/${EID}?mode=search&returnType=suc&order_id=42`, {
        eidProfileList: () => {
          asked += 1;
          // The job queue orders the profile: it is listed from the fourth ask on.
          const list = [profile({})];
          if (asked >= 4) list.unshift(profile({ iccid: '89882470000000000017', state: 'pending' }));
          return { list };
        },
      });
      const dialog = await screen.findByTestId('pay-return');
      await waitFor(() => expect(asked).toBe(1));
      await user.click(within(dialog).getByRole('button', { name: 'paid' }));
      expect(await screen.findByTestId('profile-preparing')).toHaveTextContent('Your new eSIM is being prepared');
      await act(async () => jest.advanceTimersByTime(1_000));
      await act(async () => jest.advanceTimersByTime(2_000));
      await waitFor(() => expect(screen.getAllByTestId('profile')).toHaveLength(2));
      expect(screen.queryByTestId('profile-preparing')).toBeNull();
      const total = asked;
      await act(async () => jest.advanceTimersByTime(30_000));
      expect(asked).toBe(total);
    } finally {
      jest.useRealTimers();
    }
  });

  it('without mf_checkout the page still says the payment is being confirmed', async () => {
    loadRemote.mockImplementation(async () => {
      throw new Error('mf_checkout is offline');
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    logIn();
    const { user } = await open(`/esim/${EID}?mode=search&returnType=suc`);
    const dialog = await screen.findByRole('dialog', { name: 'Payment successful' });
    expect(within(dialog).getByTestId('paid-status')).toHaveTextContent('The new profile appears on this page');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    jest.mocked(console.error).mockRestore();
  });

  it("returnType=fail (a declined payment) hands the order to mf_checkout's dialog as declined, no cancel warning", async () => {
    logIn();
    const toasts: Array<EventMap['toast']> = [];
    const off = getBus().subscribe('toast', (toast) => toasts.push(toast));
    await open(`/esim/${EID}?mode=search&returnType=fail&order_id=42`);
    await screen.findByTestId('pay-return');
    off();
    expect(seen.at(-1)).toEqual({ iccid: '', orderId: '42', stored: null, lang: 'en', returnType: 'fail' });
    expect(toasts).toEqual([]);
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/esim/${EID}\\?mode=search$`));
  });

  it('without mf_checkout a decline still says declined', async () => {
    loadRemote.mockImplementation(async () => {
      throw new Error('mf_checkout is offline');
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    logIn();
    await open(`/esim/${EID}?mode=search&returnType=fail&order_id=42`);
    const dialog = await screen.findByRole('dialog', { name: 'Payment declined' });
    expect(within(dialog).getByTestId('paid-status')).toHaveTextContent('nothing was charged');
    jest.mocked(console.error).mockRestore();
  });

  it('returnType=cancel warns that the order was cancelled; another returnType is ignored', async () => {
    logIn();
    const toasts: Array<EventMap['toast']> = [];
    const off = getBus().subscribe('toast', (toast) => toasts.push(toast));
    await open(`/esim/${EID}?mode=search&returnType=cancel`);
    await screen.findAllByTestId('profile');
    expect(toasts).toContainEqual({ kind: 'warning', messageKey: 'orderCancelled' });
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/esim/${EID}\\?mode=search$`));
    expect(screen.queryByTestId('pay-return')).toBeNull();

    toasts.length = 0;
    await open(`/esim/${EID}?mode=search&returnType=paid`);
    await screen.findAllByTestId('slot-summary');
    off();
    expect(toasts).toEqual([]);
    expect(loadRemote).not.toHaveBeenCalled();
  });
});
