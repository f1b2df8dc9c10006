import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIsClient } from './is-client';
import styled, { css } from 'styled-components';

// The one modal dialog of the site (shell and every remote): centred box, bottom sheet or side drawer. Its own
// subpath (shared-contracts/ui/dialog) so pages that open no dialog never download it.

export type DialogPlacement = 'center' | 'sheet' | 'side';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])';

const Backdrop = styled.div<{ $placement: DialogPlacement }>`
  position: fixed;
  inset: 0;
  z-index: 100;
  display: flex;
  /* Rendered into document.body (or in place, where the server drew it): its own font, whatever is around it. */
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.md};
  line-height: 1.45;
  text-align: start;
  background: ${({ theme }) => theme.color.overlay};
  /* Drawn by the server with scripts off: nothing could close it, so it stays out of the way of the page. */
  @media (scripting: none) {
    display: none;
  }
  ${({ $placement, theme }) =>
    $placement === 'sheet'
      ? css`
          align-items: flex-end;
          justify-content: center;
        `
      : $placement === 'side'
        ? css`
            align-items: stretch;
            justify-content: flex-start;
          `
        : css`
            align-items: center;
            justify-content: center;
            padding-inline: ${theme.space.lg};
          `}
`;

const Panel = styled.div<{ $placement: DialogPlacement }>`
  display: flex;
  flex-direction: column;
  box-sizing: border-box;
  max-block-size: 100%;
  overflow: auto;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  box-shadow: ${({ theme }) => theme.shadow};
  ${({ $placement, theme }) =>
    $placement === 'sheet'
      ? css`
          inline-size: min(100%, 520px);
          max-block-size: 90vh;
          border-start-start-radius: ${theme.radius.lg};
          border-start-end-radius: ${theme.radius.lg};
          padding-block-end: env(safe-area-inset-bottom);
        `
      : $placement === 'side'
        ? css`
            inline-size: min(82%, 320px);
            block-size: 100%;
          `
        : css`
            inline-size: min(100%, 380px);
            max-block-size: 90vh;
            border-radius: ${theme.radius.lg};
          `}
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

const Close = styled.button`
  display: inline-grid;
  place-items: center;
  inline-size: ${({ theme }) => theme.touch};
  block-size: ${({ theme }) => theme.touch};
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover {
    background: rgba(0, 0, 0, 0.05);
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  svg {
    inline-size: 22px;
    block-size: 22px;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linecap: round;
  }
`;

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
`;

export interface DialogProps {
  /** The heading (a sentence with a user's name in it can mark the name translate="no"). */
  title: ReactNode;
  /** Accessible name of the close (×) button. */
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  /** Centred box (default), bottom sheet, or side drawer. */
  placement?: DialogPlacement;
  /** Rendered only while true (default true: mount the dialog only while it is open). */
  open?: boolean;
  testId?: string;
}

/**
 * Modal dialog: labelled by its title; Escape, the close button and a tap on the backdrop close it; focus moves to
 * the first control of the body (or the dialog), Tab stays inside, focus returns to the opener; the page behind is
 * hidden from assistive technology while it is open. Rendered into document.body; a dialog the page opens by itself
 * in its server-rendered HTML (a bind offer) is drawn in place, where the server drew it, and stays there. Such a page
 * renders the dialog ahead of its long content (the card list: before the list), so the dialog is in the HTML's first
 * bytes: a slow phone paints what it has parsed, and the overlay comes with the first paint.
 */
export function Dialog({
  title,
  closeLabel,
  onClose,
  children,
  placement = 'center',
  open = true,
  testId,
}: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // The portal's target is the document's body, which the server and the render that hydrates its HTML do not have:
  // a dialog first rendered there is drawn in place (in the server's HTML, so it shows before any script), and kept
  // in place after hydration (moving it would draw it again). Any other opens into document.body.
  const client = useIsClient();
  const [inPlace] = useState(() => !client);

  useEffect(() => {
    if (!open || !client) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const hidden = hidePageBehind(panel.current);
    (body.current?.querySelector<HTMLElement>(FOCUSABLE) ?? panel.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      const box = panel.current;
      if (!box) return;
      // Only the topmost dialog answers (a dialog opened from another one).
      const dialogs = document.querySelectorAll('[aria-modal="true"]');
      if (dialogs[dialogs.length - 1] !== box) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (event.shiftKey && (document.activeElement === first || !box.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      for (const element of hidden) element.removeAttribute('aria-hidden');
      opener?.focus?.();
    };
  }, [open, client]);

  if (!open) return null;
  const dialog = (
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
          <Close type="button" aria-label={closeLabel} onClick={onClose} data-testid="dialog-close">
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </Close>
        </Head>
        <Body ref={body}>{children}</Body>
      </Panel>
    </Backdrop>
  );
  return inPlace ? dialog : createPortal(dialog, document.body);
}

/**
 * Hides from assistive technology what is behind an open dialog: #root when the dialog is outside it (in
 * document.body); when it is drawn in place inside #root, every sibling of the dialog and of each of its ancestors up
 * to #root. Returns what it hid (nothing already hidden), for the dialog to show again when it closes.
 */
function hidePageBehind(dialog: HTMLElement | null): HTMLElement[] {
  const root = document.getElementById('root');
  if (!root || !dialog) return [];
  const hide: Element[] = [];
  if (!root.contains(dialog)) hide.push(root);
  else {
    for (let node: Element | null = dialog.parentElement; node && node !== root; node = node.parentElement) {
      const parent: Element | null = node.parentElement;
      if (!parent) break;
      for (const sibling of Array.from(parent.children)) if (sibling !== node) hide.push(sibling);
    }
  }
  const hidden: HTMLElement[] = [];
  for (const element of hide) {
    if (!(element instanceof HTMLElement) || element.getAttribute('aria-hidden') === 'true') continue;
    if (element.tagName === 'SCRIPT' || element.tagName === 'STYLE') continue;
    element.setAttribute('aria-hidden', 'true');
    hidden.push(element);
  }
  return hidden;
}
