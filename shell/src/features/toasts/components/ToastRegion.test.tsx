import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRemote, stubCalls } from 'shared-contracts/testing';
import { DEMO_CONFIG, shellApp } from '../../../testing/app';
import { ToastRegion } from './ToastRegion';

describe('ToastRegion', () => {
  beforeEach(() => {
    stubCalls({ getConfig: DEMO_CONFIG });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows a toast any package publishes on the bus, in a polite live region', async () => {
    const { bus } = await renderRemote(<ToastRegion />, shellApp());
    const polite = screen.getByTestId('toast-region-status');
    expect(polite).toHaveAttribute('role', 'status');
    expect(polite).toHaveAttribute('aria-live', 'polite');

    act(() => bus.publish('toast', { kind: 'success', messageKey: 'refreshSuccess' }));
    expect(within(polite).getByText('Refreshed.')).toHaveAttribute('data-kind', 'success');

    // A key with a namespace prefix is looked up in that namespace.
    act(() => bus.publish('toast', { kind: 'info', messageKey: 'shell:settings.saved' }));
    expect(within(polite).getByText('Settings saved')).toBeInTheDocument();
  });

  it('shows one toast at a time: a newer one replaces the one shown', async () => {
    const { bus } = await renderRemote(<ToastRegion />, shellApp());
    act(() => bus.publish('toast', { kind: 'success', messageKey: 'refreshSuccess' }));
    act(() => bus.publish('toast', { kind: 'success', messageKey: 'copy_succ' }));
    const shown = screen.getAllByTestId('toast');
    expect(shown).toHaveLength(1);
    expect(shown[0]).toHaveTextContent('Copied');
    expect(screen.queryByText('Refreshed.')).not.toBeInTheDocument();
  });

  it('announces an error at once (role=alert), and a later success takes its place', async () => {
    const { bus } = await renderRemote(<ToastRegion />, shellApp());
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => bus.publish('toast', { kind: 'error', messageKey: 'errors.11023' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The verification code is wrong or has expired.');
    expect(within(screen.getByTestId('toast-region')).getByRole('alert')).toBeInTheDocument();

    act(() => bus.publish('toast', { kind: 'success', messageKey: 'refreshSuccess' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('toast-region-status')).toHaveTextContent('Refreshed.');
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });

  it('puts an error away when the user edits a field again (the error is stale)', async () => {
    const { bus } = await renderRemote(
      <>
        <label htmlFor="code">Code</label>
        <input id="code" />
        <ToastRegion />
      </>,
      shellApp(),
    );
    act(() => bus.publish('toast', { kind: 'error', messageKey: 'errors.11023' }));
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code'), '1');
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();

    // A success is not about the field: typing leaves it.
    act(() => bus.publish('toast', { kind: 'success', messageKey: 'refreshSuccess' }));
    await userEvent.type(screen.getByLabelText('Code'), '2');
    expect(screen.getByTestId('toast')).toHaveTextContent('Refreshed.');
  });

  it('lets a toast go after a while (errors stay longer), keeps it while hovered and puts it away on a tap', async () => {
    jest.useFakeTimers();
    const { bus } = await renderRemote(<ToastRegion />, shellApp());

    act(() => bus.publish('toast', { kind: 'success', messageKey: 'refreshSuccess' }));
    act(() => jest.advanceTimersByTime(3900));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);

    act(() => bus.publish('toast', { kind: 'error', messageKey: 'errors.10003' }));
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    fireEvent.mouseEnter(screen.getByTestId('toast'));
    act(() => jest.advanceTimersByTime(20000));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    fireEvent.mouseLeave(screen.getByTestId('toast'));
    act(() => jest.advanceTimersByTime(10000));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);

    act(() => bus.publish('toast', { kind: 'info', messageKey: 'refreshSuccess' }));
    fireEvent.click(screen.getByTestId('toast'));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });
});
