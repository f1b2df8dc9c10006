import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { Button, buttonLook, type ButtonVariant, Card } from 'shared-contracts/ui';

export const Panel = styled(Card)<{ $center?: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  ${({ $center }) =>
    $center
      ? css`
          justify-items: center;
          text-align: center;
          padding-block: ${({ theme }) => theme.space.xl};
        `
      : ''}
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.lg};
  }
`;

export const CardHero = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  background: linear-gradient(135deg, #f1fbf5 0%, #ffffff 60%);
`;

export const HeroHead = styled.div`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.xl};
    overflow-wrap: anywhere;
  }
`;

export const IccidRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding-block: ${({ theme }) => theme.space.sm};
  padding-inline: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
  > div {
    display: grid;
    gap: 2px;
    min-inline-size: 0;
    font-size: ${({ theme }) => theme.font.sm};
  }
`;

export const Mono = styled.span`
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: ${({ theme }) => theme.font.md};
  direction: ltr;
  unicode-bidi: isolate;
  overflow-wrap: anywhere;
  text-align: start;
`;

export const CopyButton = styled.button`
  flex: none;
  inline-size: ${({ theme }) => theme.touch};
  block-size: ${({ theme }) => theme.touch};
  display: inline-grid;
  place-items: center;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

export const NavLinks = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space.sm};
`;

export const PrimaryLink = styled(Link)<{ $variant?: ButtonVariant }>`
  ${buttonLook}
`;

export const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  label {
    font-weight: 600;
  }
  p {
    font-size: ${({ theme }) => theme.font.sm};
  }
`;

export const TextInput = styled.input`
  min-block-size: ${({ theme }) => theme.touch};
  box-sizing: border-box;
  inline-size: 100%;
  padding-inline: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  font: inherit;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
`;

export const DangerOutline = styled(Button)`
  border-color: ${({ theme }) => theme.color.danger};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.danger};
`;

/** A SIM card outline (decorative). */
export function SimArt({ small = false }: { small?: boolean }) {
  const size = small ? 44 : 72;
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        d="M12 4h18l10 10v28a2 2 0 0 1-2 2H12a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"
        fill="#E7F8EF"
        stroke="#07C160"
        strokeWidth="2"
      />
      <rect x="16" y="20" width="16" height="16" rx="2" fill="#FFFFFF" stroke="#07C160" strokeWidth="2" />
      <path d="M16 28h16M24 20v16" stroke="#07C160" strokeWidth="1.5" />
    </svg>
  );
}
