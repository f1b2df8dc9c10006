import styled, { css } from 'styled-components';

const focusRing = css`
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

/**
 * The look of every button-like control (a <button>, a router <Link>, an external <a>): pill, touch-sized, primary
 * green, secondary outlined, ghost plain.
 */
export const buttonLook = css<{ $variant?: ButtonVariant }>`
  min-block-size: ${({ theme }) => theme.touch};
  min-inline-size: ${({ theme }) => theme.touch};
  box-sizing: border-box;
  padding-block: 0;
  padding-inline: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme, $variant }) => ($variant === 'secondary' ? theme.color.border : 'transparent')};
  background: ${({ theme, $variant }) =>
    $variant === 'secondary' ? theme.color.surface : $variant === 'ghost' ? 'transparent' : theme.color.primary};
  color: ${({ theme, $variant }) => ($variant === 'secondary' || $variant === 'ghost' ? theme.color.text : theme.color.onPrimary)};
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

/** A link to an outside page drawn as a button (shop links from data; check them with safeLink first). */
export const ButtonAnchor = styled.a<{ $variant?: ButtonVariant }>`
  ${buttonLook}
`;

export const Card = styled.section`
  background: ${({ theme }) => theme.color.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};
  padding: ${({ theme }) => theme.space.lg};
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

/** The head row of a card widget: name on one side, status badge on the other. */
export const CardHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

/** Status or expiry pill of a card widget; $warn draws the warning style (Suspension, install_fail, delete). */
export const StatusBadge = styled.span<{ $warn?: boolean }>`
  display: inline-block;
  padding-block: 2px;
  padding-inline: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.font.sm};
  background: ${({ $warn }) => ($warn ? '#FDECEC' : '#E7F8EF')};
  color: ${({ $warn, theme }) => ($warn ? theme.color.danger : theme.color.primaryDark)};
`;

/** Text for screen readers only (a loading line, an "Unread:" prefix). */
export const VisuallyHidden = styled.span`
  position: absolute !important;
  inline-size: 1px;
  block-size: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  clip-path: inset(50%);
  white-space: nowrap;
`;
