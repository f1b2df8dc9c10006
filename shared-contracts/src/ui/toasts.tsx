import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { type ToastEvent, type ToastKind } from 'shared-contracts';

// The page's toasts (the shell's ToastRegion, and LocalToasts where no shell listens): one at a time, announced,
// gone after a time that depends on how much there is to read.

/** A toast on screen: the bus event and a number that changes with every new toast. */
export type ShownToast = ToastEvent & { id: number };

/** The least time a success or info toast stays; errors and warnings stay longer (TOAST_ATTENTION_MS). */
export const TOAST_DURATION_MS = 4000;
export const TOAST_ATTENTION_MS = 6000;
/** Longer texts stay longer, up to this. */
export const TOAST_MAX_MS = 10000;
const MS_PER_CHARACTER = 50;

/** How long a toast with this text stays on screen. */
export function toastDuration(kind: ToastKind, text: string): number {
  const least = kind === 'error' || kind === 'warning' ? TOAST_ATTENTION_MS : TOAST_DURATION_MS;
  return Math.min(TOAST_MAX_MS, least + text.length * MS_PER_CHARACTER);
}

/**
 * The one toast slot of a page. A new toast replaces the one shown (a later success says the earlier error is over;
 * a stack of toasts would cover the page), and an error goes as soon as the user edits a field again: what they
 * typed is being corrected, so the error about it is stale.
 */
export function useToastSlot() {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const nextId = useRef(1);

  const show = useCallback((event: ToastEvent) => {
    const id = nextId.current++;
    setToast({ ...event, id });
  }, []);
  const dismiss = useCallback((id?: number) => {
    setToast((current) => (id === undefined || current?.id === id ? null : current));
  }, []);

  const errorId = toast?.kind === 'error' ? toast.id : null;
  useEffect(() => {
    if (errorId === null) return undefined;
    const edited = () => dismiss(errorId);
    document.addEventListener('input', edited, true);
    return () => document.removeEventListener('input', edited, true);
  }, [errorId, dismiss]);

  return { toast, show, dismiss };
}

const KIND_COLOURS: Record<ToastKind, string> = {
  success: '#07C160',
  error: '#E5484D',
  warning: '#F59E0B',
  info: '#1677FF',
};

const Region = styled.div<{ $top: string }>`
  position: fixed;
  z-index: 200;
  inset-inline: 0;
  inset-block-start: ${({ $top }) => $top};
  display: grid;
  justify-items: center;
  padding-inline: ${({ theme }) => theme.space.lg};
  pointer-events: none;
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.md};
  line-height: 1.45;
`;

const Item = styled.div<{ $kind: ToastKind }>`
  pointer-events: auto;
  box-sizing: border-box;
  max-inline-size: min(480px, 100%);
  padding-block: ${({ theme }) => theme.space.md};
  padding-inline: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.md};
  background: #1f2329;
  color: #fff;
  box-shadow: 0 6px 24px rgba(15, 20, 25, 0.24);
  overflow-wrap: anywhere;
  cursor: default;
  ${({ $kind }) => css`
    border-inline-start: 4px solid ${KIND_COLOURS[$kind]};
  `}
`;

/**
 * Where a toast shows: a fixed band `top` from the top of the viewport (under the shell's header), clear of the
 * floating buttons and sticky bars at the bottom. A polite live region (role=status) is always in the page, so each
 * new message is announced; an error is an alert (role=alert), announced at once. Hovering a toast keeps it; a tap
 * puts it away.
 */
export function ToastView({
  toast,
  onDismiss,
  top,
  testId = 'toast-region',
}: {
  toast: ShownToast | null;
  onDismiss: (id: number) => void;
  top: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  // The toast under the pointer (by id: a new toast in its place starts its own time).
  const [hoveredId, setHoveredId] = useState<number | null>(null);
  const text = toast ? t(toast.messageKey, { ns: 'common', ...toast.values }) : '';

  const id = toast?.id;
  const kind = toast?.kind;
  const hovered = id !== undefined && hoveredId === id;
  useEffect(() => {
    if (id === undefined || kind === undefined || hovered) return undefined;
    const timer = window.setTimeout(() => onDismiss(id), toastDuration(kind, text));
    return () => window.clearTimeout(timer);
  }, [id, kind, text, hovered, onDismiss]);

  const urgent = toast?.kind === 'error';
  const item =
    toast && text ? (
      <Item
        key={toast.id}
        // An error is an alert of its own (announced as it appears); the rest goes into the polite region.
        role={urgent ? 'alert' : undefined}
        $kind={toast.kind}
        data-testid="toast"
        data-kind={toast.kind}
        onMouseEnter={() => setHoveredId(toast.id)}
        onMouseLeave={() => setHoveredId(null)}
        onClick={() => onDismiss(toast.id)}
      >
        {text}
      </Item>
    ) : null;

  return (
    <Region $top={top} data-testid={testId}>
      <div role="status" aria-live="polite" aria-atomic="true" data-testid={`${testId}-status`}>
        {urgent ? null : item}
      </div>
      {urgent ? item : null}
    </Region>
  );
}
