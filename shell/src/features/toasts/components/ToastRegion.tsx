import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { type EventMap, type ToastKind } from 'shared-contracts';
import { useBusEvent } from '../../../lib/use-bus-event';

export const TOAST_DURATION_MS = 4000;
const MAX_TOASTS = 3;

type Toast = EventMap['toast'] & { id: number };

const Region = styled.div`
  position: fixed;
  z-index: 200;
  inset-inline: 0;
  inset-block-end: calc(${({ theme }) => theme.space.xl} + env(safe-area-inset-bottom));
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding-inline: ${({ theme }) => theme.space.lg};
  pointer-events: none;
`;

const KIND_COLOURS: Record<ToastKind, string> = {
  success: '#07C160',
  error: '#E5484D',
  warning: '#F59E0B',
  info: '#1677FF',
};

const Item = styled.div<{ $kind: ToastKind }>`
  pointer-events: auto;
  max-inline-size: 480px;
  padding-block: ${({ theme }) => theme.space.md};
  padding-inline: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.md};
  background: #1f2329;
  color: #fff;
  box-shadow: ${({ theme }) => theme.shadow};
  ${({ $kind }) => css`
    border-inline-start: 4px solid ${KIND_COLOURS[$kind]};
  `}
`;

/**
 * Shows every 'toast' event any package publishes on the bus. The live region is always in the page (outside
 * #root, so it is still announced while a dialog hides the rest), which makes screen readers announce each new
 * message.
 */
export function ToastRegion() {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  useBusEvent('toast', (payload) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { ...payload, id }].slice(-MAX_TOASTS));
    window.setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), TOAST_DURATION_MS);
  });

  return createPortal(
    <Region role="status" aria-live="polite" data-testid="toast-region">
      {toasts.map((toast) => (
        <Item key={toast.id} $kind={toast.kind} data-testid="toast" data-kind={toast.kind}>
          {t(toast.messageKey, { ns: 'common', ...toast.values })}
        </Item>
      ))}
    </Region>,
    document.body,
  );
}
