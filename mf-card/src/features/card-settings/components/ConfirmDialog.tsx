import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from 'shared-contracts/ui';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 40;
  display: grid;
  align-items: end;
  background: ${({ theme }) => theme.color.overlay};
  @media (min-width: 600px) {
    align-items: center;
    justify-items: center;
  }
`;
const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  box-sizing: border-box;
  inline-size: 100%;
  max-inline-size: 480px;
  padding: ${({ theme }) => theme.space.xl};
  padding-block-end: calc(${({ theme }) => theme.space.xl} + env(safe-area-inset-bottom, 0px));
  border-radius: ${({ theme }) => `${theme.radius.lg} ${theme.radius.lg} 0 0`};
  background: ${({ theme }) => theme.color.surface};
  @media (min-width: 600px) {
    border-radius: ${({ theme }) => theme.radius.lg};
  }
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.lg};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
    line-height: 1.45;
  }
`;
const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space.sm};
  margin-block-start: ${({ theme }) => theme.space.sm};
`;
export const DangerButton = styled(Button)`
  background: ${({ theme }) => theme.color.danger};
  color: #fff;
`;

/**
 * A confirmation for a destructive action (bottom sheet on phones): focus starts on Cancel, Tab stays inside,
 * Escape and a tap outside cancel, and focus returns to what opened it.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  /** The heading (a sentence with a user's name in it can mark the name translate="no"). */
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    return () => opener?.focus?.();
  }, []);

  const keep = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(boxRef.current?.querySelectorAll<HTMLElement>('button:not([disabled])') ?? []);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <Backdrop
      onClick={(event) => {
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      <Box
        ref={boxRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={keep}
      >
        <h2 id={titleId}>{title}</h2>
        <div id={bodyId}>{children}</div>
        <Actions>
          <Button ref={cancelRef} type="button" $variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <DangerButton type="button" onClick={onConfirm} disabled={busy} aria-busy={busy}>
            {confirmLabel}
          </DangerButton>
        </Actions>
      </Box>
    </Backdrop>
  );
}
