import styled from 'styled-components';
import { WidgetAmounts } from 'shared-contracts/ui';

// Pieces the sheet, its dialogs and the orders page share (within mf-checkout); form parts come from
// shared-contracts/ui.

/** A warning or note inside a sheet (dark text on a light tint: AA contrast). */
export const Note = styled.p<{ $tone?: 'warning' | 'info' }>`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  border-inline-start: 4px solid
    ${({ theme, $tone }) => ($tone === 'warning' ? theme.color.warning : theme.color.focus)};
  background: ${({ $tone }) => ($tone === 'warning' ? '#FFF7E6' : '#EEF4FF')};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.sm};
`;

/** Label/value pairs in two columns that wrap long values (coverage texts, ICCIDs). */
export const Pairs = styled(WidgetAmounts)`
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  dd {
    overflow-wrap: anywhere;
  }
`;

/** An inline link with a touch-sized target. */
export const TextLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-block-size: ${({ theme }) => theme.touch};
  color: ${({ theme }) => theme.color.primaryDark};
  font-weight: 600;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;
