import styled, { css } from 'styled-components';

const focusRing = css`
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

export type ButtonVariant = 'primary' | 'secondary';

/**
 * The look of every button-like control (a <button>, a router <Link>, an external <a>): pill, touch-sized, primary
 * green, secondary outlined.
 */
export const buttonLook = css<{ $variant?: ButtonVariant }>`
  min-block-size: ${({ theme }) => theme.touch};
  min-inline-size: ${({ theme }) => theme.touch};
  box-sizing: border-box;
  padding-block: 0;
  padding-inline: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme, $variant }) => ($variant === 'secondary' ? theme.color.border : 'transparent')};
  background: ${({ theme, $variant }) => ($variant === 'secondary' ? theme.color.surface : theme.color.primary)};
  color: ${({ theme, $variant }) => ($variant === 'secondary' ? theme.color.text : theme.color.onPrimary)};
  font: inherit;
  font-weight: 600;
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  &:disabled {
    opacity: 0.55;
    cursor: progress;
  }
  ${focusRing}
`;

export const Button = styled.button<{ $variant?: ButtonVariant }>`
  ${buttonLook}
`;
