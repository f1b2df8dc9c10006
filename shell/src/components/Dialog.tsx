import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { Icon } from './Icon';
import { IconButton } from './Button';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])';

const Backdrop = styled.div<{ $placement: 'sheet' | 'side' }>`
  position: fixed;
  inset: 0;
  z-index: 100;
  background: ${({ theme }) => theme.color.overlay};
  display: flex;
  align-items: ${({ $placement }) => ($placement === 'sheet' ? 'flex-end' : 'stretch')};
  justify-content: ${({ $placement }) => ($placement === 'sheet' ? 'center' : 'flex-start')};
`;

const Panel = styled.div<{ $placement: 'sheet' | 'side' }>`
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  box-shadow: ${({ theme }) => theme.shadow};
  display: flex;
  flex-direction: column;
  max-block-size: 100%;
  overflow: auto;
  ${({ $placement, theme }) =>
    $placement === 'sheet'
      ? `inline-size: min(100%, 520px); border-start-start-radius: ${theme.radius.lg}; border-start-end-radius: ${theme.radius.lg}; padding-block-end: env(safe-area-inset-bottom);`
      : 'inline-size: min(82%, 320px); block-size: 100%;'}
  &:focus {
    outline: none;
  }
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding-block: ${({ theme }) => theme.space.sm};
  padding-inline: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.sm};
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
  h2 {
    flex: 1;
    margin: 0;
    font-size: ${({ theme }) => theme.font.lg};
  }
`;

const Body = styled.div`
  padding: ${({ theme }) => theme.space.lg};
`;

interface DialogProps {
  open: boolean;
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  placement?: 'sheet' | 'side';
  testId?: string;
}

/**
 * Modal dialog: Escape and the close button close it, Tab stays inside, focus returns to the opener, the rest of
 * the page is hidden from assistive technology while it is open.
 */
export function Dialog({ open, title, closeLabel, onClose, children, placement = 'sheet', testId }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement as HTMLElement | null;
    const root = document.getElementById('root');
    root?.setAttribute('aria-hidden', 'true');
    const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (event.shiftKey && (document.activeElement === firstItem || !panel.current.contains(document.activeElement))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      root?.removeAttribute('aria-hidden');
      opener?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <Backdrop
      $placement={placement}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Panel
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        $placement={placement}
        data-testid={testId}
      >
        <Head>
          <h2 id={titleId}>{title}</h2>
          <IconButton type="button" aria-label={closeLabel} onClick={onClose} data-testid="dialog-close">
            <Icon name="close" />
          </IconButton>
        </Head>
        <Body>{children}</Body>
      </Panel>
    </Backdrop>,
    document.body,
  );
}
