import styled, { css } from 'styled-components';

const focusRing = css`
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

export const Button = styled.button<{ $variant?: 'primary' | 'secondary' | 'ghost' }>`
  min-block-size: ${({ theme }) => theme.touch};
  min-inline-size: ${({ theme }) => theme.touch};
  padding-block: 0;
  padding-inline: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid transparent;
  font: inherit;
  font-size: ${({ theme }) => theme.font.md};
  font-weight: 600;
  cursor: pointer;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  ${({ theme, $variant = 'primary' }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.color.primary};
          color: ${theme.color.onPrimary};
          &:hover {
            background: ${theme.color.primaryDark};
          }
        `
      : $variant === 'secondary'
        ? css`
            background: ${theme.color.surface};
            color: ${theme.color.text};
            border-color: ${theme.color.border};
          `
        : css`
            background: transparent;
            color: ${theme.color.text};
          `}
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
  ${focusRing}
`;

/** Square icon-only button; always give it an aria-label. */
export const IconButton = styled.button`
  inline-size: ${({ theme }) => theme.touch};
  block-size: ${({ theme }) => theme.touch};
  display: inline-grid;
  place-items: center;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: inherit;
  cursor: pointer;
  position: relative;
  &:hover {
    background: rgba(0, 0, 0, 0.05);
  }
  ${focusRing}
`;
