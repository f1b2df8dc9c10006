import styled from 'styled-components';
import { WidgetAmounts } from 'shared-contracts/ui';

// Pieces the sheet, its dialogs and the orders page share (within mf-checkout).

/** Button row at the end of a dialog: equal widths, the confirming action last. */
export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  > * {
    flex: 1 1 8rem;
  }
`;

/** A label above its control, the error under it. Borders reach 3:1 against white (WCAG 1.4.11). */
export const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  label {
    font-weight: 600;
  }
  input,
  select {
    min-block-size: ${({ theme }) => theme.touch};
    padding-inline: ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.color.textMuted};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    box-sizing: border-box;
    inline-size: 100%;
  }
  input:focus-visible,
  select:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
  input[aria-invalid='true'],
  select[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
  input:read-only,
  select:disabled {
    background: ${({ theme }) => theme.color.background};
  }
`;

export const ErrorLine = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.font.sm};
`;

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
