import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { getBus, SUCCESS_MESSAGES, type ToastEvent } from 'shared-contracts';
import { Dialog } from './Dialog';
import { DialogActions, ErrorLine, Field } from './form';
import { Muted } from './primitives';

// The "e-mail me" dialog of the site: the card page's bind and order mail (mf-card), the orders page's receipt
// (mf-checkout). Its own subpath (shared-contracts/ui/email-dialog), loaded with the dialogs that use it.

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

/** The e-mail rules of spec section 5 (validateEmail, or validateOrderEmail for an order's mail). */
export type EmailRule = (value: string) => { ok: true; value: string } | { ok: false; error: string };

export interface EmailDialogProps {
  /** Texts in the caller's namespace. */
  text: {
    title: string;
    intro: string;
    label: string;
    submit: string;
    /** The submit button while the work runs. */
    busy: string;
    cancel: string;
    close: string;
  };
  /** The address to start with ('' for none). */
  initial: string;
  validate: EmailRule;
  /** Does the work with the checked address; true when it is done (the dialog says so and closes). */
  onSubmit: (email: string) => Promise<boolean>;
  onClose: () => void;
  /** Prefix of the test ids: `<prefix>-dialog`, `-input`, `-error`, `-submit`. */
  testId: string;
  /**
   * What the toast says when it is done, for the address given: a key ('ns:key' for the caller's namespace) and its
   * values, e.g. "Receipt sent to {{email}}". Takes the place of doneMessageKey.
   */
  done?: (email: string) => Pick<ToastEvent, 'messageKey' | 'values'>;
  /**
   * Without `done`: the toast's key (namespace common); null: no toast (the caller's next step says it). The default,
   * the catalogue's "Operation successful.", is only the fallback of a caller that says nothing better.
   */
  doneMessageKey?: string | null;
}

/**
 * One e-mail address, checked before anything is sent: an invalid submit shows the rule's message (namespace
 * common) under the field and as a toast (spec section 5); a failed call has shown the api client's message and
 * leaves the dialog open; success says so and closes.
 */
export function EmailDialog({
  text,
  initial,
  validate,
  onSubmit,
  onClose,
  testId,
  done,
  doneMessageKey = SUCCESS_MESSAGES.succOperation,
}: EmailDialogProps) {
  const { t: tc } = useTranslation('common');
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = validate(value);
    if (!check.ok) {
      setError(check.error);
      getBus().publish('toast', { kind: 'error', messageKey: check.error });
      return;
    }
    setError(null);
    setBusy(true);
    let finished = false;
    try {
      finished = await onSubmit(check.value);
    } finally {
      setBusy(false);
    }
    if (!finished) return;
    if (done) getBus().publish('toast', { kind: 'success', ...done(check.value) });
    else if (doneMessageKey) getBus().publish('toast', { kind: 'success', messageKey: doneMessageKey });
    onClose();
  };

  return (
    <Dialog title={text.title} closeLabel={text.close} onClose={onClose} testId={`${testId}-dialog`}>
      <Form onSubmit={(event) => void submit(event)} noValidate>
        <Muted>{text.intro}</Muted>
        <Field>
          <label htmlFor={inputId}>{text.label}</label>
          <input
            id={inputId}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            autoCapitalize="none"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              // The address is being corrected: the message about the last one is stale.
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            data-testid={`${testId}-input`}
          />
          {error && (
            <ErrorLine id={errorId} role="alert" data-testid={`${testId}-error`}>
              {tc(error)}
            </ErrorLine>
          )}
        </Field>
        <DialogActions
          cancelLabel={text.cancel}
          onCancel={onClose}
          confirmLabel={busy ? text.busy : text.submit}
          busy={busy}
          confirmTestId={`${testId}-submit`}
        />
      </Form>
    </Dialog>
  );
}
