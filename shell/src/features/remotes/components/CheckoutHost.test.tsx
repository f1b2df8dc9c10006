import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { getBus, type CheckoutRequest, type CheckoutSheetProps } from 'shared-contracts';
import { renderRemote, stubCalls } from 'shared-contracts/testing';
import { DEMO_CONFIG, shellApp } from '../../../testing/app';
import { CheckoutHost, type CheckoutSheetLoader } from './CheckoutHost';

const request = {
  requestId: 'r-1',
  goods: { id: 7, name: 'Europe 5 GB' },
  iccid: '89880000000000000001',
  flag: '2',
  lang: 'en',
  ccy: 'USD',
  agentVersion: 2,
  paypalAllowed: true,
  renewalActive: false,
  orderTime: null,
  returnPath: '/2/89880000000000000001',
} as unknown as CheckoutRequest;

function FakeSheet({ request: shown, onClose }: CheckoutSheetProps) {
  return (
    <div role="dialog" aria-label="sheet" data-testid="fake-sheet">
      {shown.goods.name}
      <button type="button" onClick={onClose}>
        close
      </button>
    </div>
  );
}

describe('CheckoutHost: the listener of checkout:open', () => {
  it('loads the sheet on the first request only and shows the goods; close and reopen', async () => {
    stubCalls({ getConfig: DEMO_CONFIG });
    const load = jest.fn<ReturnType<CheckoutSheetLoader>, []>(async () => ({ default: FakeSheet }));
    const { user } = await renderRemote(<CheckoutHost load={load} />, shellApp());
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByTestId('fake-sheet')).toBeNull();

    act(() => getBus().publish('checkout:open', request));
    expect(await screen.findByTestId('fake-sheet')).toHaveTextContent('Europe 5 GB');
    await user.click(screen.getByRole('button', { name: 'close' }));
    expect(screen.queryByTestId('fake-sheet')).toBeNull();

    act(() => getBus().publish('checkout:open', { ...request, requestId: 'r-2' }));
    expect(await screen.findByTestId('fake-sheet')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a new request while the sheet is open starts that purchase afresh', async () => {
    stubCalls({ getConfig: DEMO_CONFIG });
    const mounts: string[] = [];
    function CountingSheet({ request: shown }: CheckoutSheetProps) {
      const [first] = useState(() => {
        mounts.push(shown.requestId);
        return shown.goods.name;
      });
      return <div data-testid="fake-sheet">{first}</div>;
    }
    const load: CheckoutSheetLoader = async () => ({ default: CountingSheet });
    await renderRemote(<CheckoutHost load={load} />, shellApp());
    act(() => getBus().publish('checkout:open', request));
    expect(await screen.findByTestId('fake-sheet')).toHaveTextContent('Europe 5 GB');
    const asia = { ...request, requestId: 'r-2', goods: { ...request.goods, name: 'Asia 1 GB' } };
    act(() => getBus().publish('checkout:open', asia));
    await waitFor(() => expect(screen.getByTestId('fake-sheet')).toHaveTextContent('Asia 1 GB'));
    expect(mounts).toEqual(['r-1', 'r-2']);
  });

  it('shows the remote fallback in the sheet when mf_checkout cannot be loaded, and Retry loads it again', async () => {
    stubCalls({ getConfig: DEMO_CONFIG });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    const load: CheckoutSheetLoader = async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('mf_checkout is unavailable');
      return { default: FakeSheet };
    };
    const { user } = await renderRemote(<CheckoutHost load={load} />, shellApp());
    act(() => getBus().publish('checkout:open', request));

    const fallback = await screen.findByTestId('remote-unavailable');
    expect(fallback).toHaveAttribute('data-remote-unavailable', 'mf_checkout');
    expect(screen.getByRole('dialog')).toHaveAccessibleName('This part is unavailable right now');
    await user.click(screen.getByTestId('remote-retry'));
    await waitFor(() => expect(screen.getByTestId('fake-sheet')).toHaveTextContent('Europe 5 GB'));
    expect(attempts).toBe(2);
    error.mockRestore();
  });
});
