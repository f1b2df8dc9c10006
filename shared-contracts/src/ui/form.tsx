import styled from 'styled-components';
import { Button } from './button';

// The parts of every small form and dialog (the card page's e-mail and bind dialogs, the checkout sheet and its
// dialogs, the shell's settings): one look for labels, inputs, messages and the button row.

/** Button row at the end of a dialog or form: equal widths that wrap on a narrow screen, the confirming action last. */
export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  > * {
    flex: 1 1 8rem;
  }
`;

/** A label above its control, the message under it. Borders reach 3:1 against white (WCAG 1.4.11). */
export const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  label {
    font-weight: 600;
  }
  input,
  select {
    min-block-size: ${({ theme }) => theme.touch};
    padding-inline: ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.color.textMuted};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    box-sizing: border-box;
    inline-size: 100%;
  }
  input:focus-visible,
  select:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
  input[aria-invalid='true'],
  select[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
  input:read-only,
  select:disabled {
    background: ${({ theme }) => theme.color.background};
  }
`;

/** A field's or a form's error message, in the danger colour. */
export const ErrorLine = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.font.sm};
`;

export interface DialogActionsProps {
  cancelLabel: string;
  onCancel: () => void;
  confirmLabel: string;
  /** Omitted: the confirming button submits the form it is in. */
  onConfirm?: () => void;
  /** The confirmed work runs: the confirming button is disabled and says so (aria-busy). */
  busy?: boolean;
  disabled?: boolean;
  cancelTestId?: string;
  confirmTestId?: string;
}

/** Cancel (outlined) and the confirming action (primary), at the end of a dialog. */
export function DialogActions({
  cancelLabel,
  onCancel,
  confirmLabel,
  onConfirm,
  busy = false,
  disabled = false,
  cancelTestId,
  confirmTestId,
}: DialogActionsProps) {
  return (
    <Actions>
      <Button type="button" $variant="secondary" onClick={onCancel} data-testid={cancelTestId}>
        {cancelLabel}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        data-testid={confirmTestId}
      >
        {confirmLabel}
      </Button>
    </Actions>
  );
}
