import { act, screen, within } from '@testing-library/react';
import { renderRemote, stubCalls } from 'shared-contracts/testing';
import { DEMO_CONFIG, shellApp } from '../../../testing/app';
import { ToastRegion } from './ToastRegion';

describe('ToastRegion', () => {
  beforeEach(() => {
    stubCalls({ getConfig: DEMO_CONFIG });
  });

  it('shows a toast any package publishes on the bus, in a polite live region', async () => {
    const { bus } = await renderRemote(<ToastRegion />, shellApp());
    const region = screen.getByTestId('toast-region');
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toHaveAttribute('aria-live', 'polite');

    act(() => bus.publish('toast', { kind: 'success', messageKey: 'refreshSuccess' }));
    expect(within(region).getByText('Refreshed.')).toHaveAttribute('data-kind', 'success');

    // A key with a namespace prefix is looked up in that namespace.
    act(() => bus.publish('toast', { kind: 'info', messageKey: 'shell:settings.saved' }));
    expect(within(region).getByText('Settings saved')).toBeInTheDocument();
  });

  it('lets a toast go after a while', async () => {
    jest.useFakeTimers();
    try {
      const { bus } = await renderRemote(<ToastRegion />, shellApp());
      act(() => bus.publish('toast', { kind: 'error', messageKey: 'errors.10003' }));
      expect(screen.getAllByTestId('toast')).toHaveLength(1);
      act(() => jest.advanceTimersByTime(5000));
      expect(screen.queryAllByTestId('toast')).toHaveLength(0);
    } finally {
      jest.useRealTimers();
    }
  });
});
