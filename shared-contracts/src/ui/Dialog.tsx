import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled, { css } from 'styled-components';

const Backdrop = styled.div<{ $sheet: boolean }>`
  position: fixed;
  inset: 0;
  background: ${({ theme }) => theme.color.overlay};
  display: grid;
  z-index: 40;
  ${({ $sheet }) =>
    $sheet
      ? css`
          align-items: end;
        `
      : css`
          place-items: center;
          padding-inline: 16px;
        `}
`;
const Box = styled.div<{ $sheet: boolean }>`
  background: ${({ theme }) => theme.color.surface};
  padding: ${({ theme }) => theme.space.xl};
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme, $sheet }) => ($sheet ? `${theme.radius.lg} ${theme.radius.lg} 0 0` : theme.radius.lg)};
  inline-size: ${({ $sheet }) => ($sheet ? '100%' : 'min(100%, 380px)')};
  box-sizing: border-box;
  max-block-size: 90vh;
  overflow: auto;
`;
const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.lg};
  }
`;
const Close = styled.button`
  min-inline-size: ${({ theme }) => theme.touch};
  min-block-size: ${({ theme }) => theme.touch};
  border: 0;
  background: none;
  font-size: 22px;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
  }
`;

// Lives on its own subpath (shared-contracts/ui/dialog) so pages that open no dialog never download it.

/** Modal dialog or bottom sheet: labelled by its title, Escape and the close icon close it, focus moves in. */
export function Dialog({
  title,
  closeLabel,
  onClose,
  sheet = false,
  children,
}: {
  title: string;
  closeLabel: string;
  onClose: () => void;
  sheet?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    (box?.querySelector<HTMLElement>('input') ?? box)?.focus();
  }, []);
  return (
    <Backdrop
      $sheet={sheet}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Box
        ref={ref}
        $sheet={sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      >
        <Header>
          <h2 id={id}>{title}</h2>
          <Close type="button" aria-label={closeLabel} onClick={onClose}>
            ×
          </Close>
        </Header>
        {children}
      </Box>
    </Backdrop>
  );
}
