/**
 * @jest-environment jsdom
 */
// The 'contracts' project runs in node and takes .ts tests only: this file asks for jsdom and renders without JSX.
import '../testing/text-encoding';
import { cleanup, screen } from '@testing-library/react';
import { createElement } from 'react';
import { validateOrderEmail, type EventMap } from 'shared-contracts';
import { renderRemote } from '../testing/render';
import { EmailDialog, type EmailDialogProps } from './EmailDialog';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const text = {
  title: 'E-mail the receipt',
  intro: 'We send the receipt of order ord-1.',
  label: 'E-mail',
  submit: 'Send',
  busy: 'Sending…',
  cancel: 'Cancel',
  close: 'Close',
};

async function show(overrides: Partial<EmailDialogProps> = {}) {
  const onSubmit = jest.fn(async () => true);
  const onClose = jest.fn();
  const props: EmailDialogProps = {
    text,
    initial: '',
    validate: (value) => validateOrderEmail('ord-1', value),
    onSubmit,
    onClose,
    testId: 'receipt',
    ...overrides,
  };
  const rendered = await renderRemote(createElement(EmailDialog, props));
  const toasts: Array<EventMap['toast']> = [];
  rendered.bus.subscribe('toast', (toast) => toasts.push(toast));
  return { ...rendered, onSubmit: props.onSubmit as jest.Mock, onClose, toasts };
}

describe('EmailDialog', () => {
  it('is a labelled dialog whose field starts with the given address and has the focus', async () => {
    await show({ initial: 'me@example.com' });
    expect(screen.getByRole('dialog', { name: text.title })).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement;
    expect(input.value).toBe('me@example.com');
    expect(document.activeElement).toBe(input);
  });

  it('explains an invalid address under the field and as a toast, and sends nothing', async () => {
    const { user, onSubmit, toasts } = await show();
    await user.type(screen.getByTestId('receipt-input'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByTestId('receipt-error').textContent).toBe('Please enter a valid e-mail address.');
    expect(screen.getByTestId('receipt-input').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('receipt-input').getAttribute('aria-describedby')).toBe(
      screen.getByTestId('receipt-error').id,
    );
    expect(toasts).toEqual([{ kind: 'error', messageKey: 'email.type' }]);
    expect(onSubmit).not.toHaveBeenCalled();

    // Correcting the address makes the message stale.
    await user.type(screen.getByTestId('receipt-input'), '@example.com');
    expect(screen.queryByTestId('receipt-error')).toBeNull();
    expect(screen.getByTestId('receipt-input').getAttribute('aria-invalid')).toBeNull();
  });

  it('hands over the address without whitespace, says so and closes when the work is done', async () => {
    const { user, onSubmit, onClose, toasts } = await show();
    await user.type(screen.getByTestId('receipt-input'), ' you@example.com ');
    await user.click(screen.getByTestId('receipt-submit'));
    expect(onSubmit).toHaveBeenCalledWith('you@example.com');
    expect(toasts).toEqual([{ kind: 'success', messageKey: 'responseDesc.succOperation' }]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("says what was done in the caller's words, with the address", async () => {
    const { user, toasts } = await show({
      done: (email) => ({ messageKey: 'checkout:receipt.sent', values: { email } }),
    });
    await user.type(screen.getByTestId('receipt-input'), 'you@example.com');
    await user.click(screen.getByTestId('receipt-submit'));
    expect(toasts).toEqual([
      { kind: 'success', messageKey: 'checkout:receipt.sent', values: { email: 'you@example.com' } },
    ]);
  });

  it('stays open when the work failed (the api client has said why)', async () => {
    const { user, onClose, toasts } = await show({ initial: 'you@example.com', onSubmit: async () => false });
    await user.click(screen.getByTestId('receipt-submit'));
    expect(onClose).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
    expect((screen.getByTestId('receipt-submit') as HTMLButtonElement).disabled).toBe(false);
  });
});
