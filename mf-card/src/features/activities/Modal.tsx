import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 45;
  display: grid;
  place-items: center;
  padding-inline: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.color.overlay};
`;
const Box = styled.div`
  position: relative;
  inline-size: min(100%, 360px);
  max-block-size: 90vh;
  overflow: auto;
  box-sizing: border-box;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow};
  /* Focus lands on the box itself when it opens (screen readers read the title); no ring around the whole box. */
  &:focus {
    outline: none;
  }
  h2 {
    margin: 0;
    padding-inline-end: ${({ theme }) => theme.touch};
    font-size: ${({ theme }) => theme.font.lg};
  }
`;
const Close = styled.button`
  position: absolute;
  inset-block-start: 4px;
  inset-inline-end: 4px;
  min-inline-size: ${({ theme }) => theme.touch};
  min-block-size: ${({ theme }) => theme.touch};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: none;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 24px;
  line-height: 1;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
  }
`;

/** Modal of the activities (pop-up, recall): labelled by its title, closed by Escape, the × or the backdrop. */
export function Modal({
  title,
  closeLabel,
  onClose,
  testId,
  children,
}: {
  title: string;
  closeLabel: string;
  onClose: () => void;
  testId?: string;
  children: ReactNode;
}) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.focus();
    return () => before?.focus();
  }, []);
  return (
    <Backdrop
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Box
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        tabIndex={-1}
        data-testid={testId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      >
        <h2 id={id}>{title}</h2>
        <Close type="button" aria-label={closeLabel} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </Close>
        {children}
      </Box>
    </Backdrop>
  );
}
