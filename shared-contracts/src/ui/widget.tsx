import styled from 'styled-components';
import { Card } from './primitives';

// The parts of the card-list widgets other remotes show (pool card in mf-pool, slot and eSIM cards in mf-esim):
// one look for all of them.

/** Amount for display in widgets: the MB/GB suffix stripped ('12.5GB' → '12.5'; spec section 3, remain_str). */
export function stripUnit(value: string): string {
  return value.replace(/\s*[MG]B\s*$/i, '');
}

export const WidgetBody = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

/** The widget's name as a button (rename, settings); an element with class "arrow" points to the reading end. */
export const WidgetNameButton = styled.button`
  min-block-size: ${({ theme }) => theme.touch};
  border: 0;
  background: none;
  padding: 0;
  font: inherit;
  font-weight: 700;
  font-size: ${({ theme }) => theme.font.lg};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  text-align: start;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
  }
  .arrow {
    display: inline-block;
  }
  [dir='rtl'] & .arrow {
    transform: scaleX(-1);
  }
`;

/** Gauge beside the amounts. */
export const WidgetRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
`;

/** Label/value pairs (unused, total, …). */
export const WidgetAmounts = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: auto auto;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

/** One <i> per line or slot; data-used="true" fills it (shared lines of a pool, slots of an eSIM slot). */
export const UsageIcons = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  i {
    inline-size: 14px;
    block-size: 18px;
    border-radius: 3px;
    border: 2px solid ${({ theme }) => theme.color.primary};
  }
  i[data-used='true'] {
    background: ${({ theme }) => theme.color.primary};
  }
`;

export const WidgetFoot = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  flex-wrap: wrap;
`;

export const WidgetActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

/** A choosable offer in a two-column grid (a data package, a shared-pool plan); $selected draws it chosen. */
export const OfferTile = styled.button<{ $selected?: boolean }>`
  position: relative;
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space.xs};
  min-block-size: ${({ theme }) => theme.touch};
  inline-size: 100%;
  padding: ${({ theme }) => theme.space.md};
  padding-block-start: ${({ theme }) => theme.space.lg};
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.color.primary : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $selected }) => ($selected ? 'rgba(7, 193, 96, 0.06)' : theme.color.surface)};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  text-align: start;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

/** The ribbon in an offer tile's top end corner (colours from data go in its style attribute). */
export const OfferTag = styled.span`
  position: absolute;
  inset-block-start: -1px;
  inset-inline-end: -1px;
  padding: 1px ${({ theme }) => theme.space.sm};
  border-start-end-radius: ${({ theme }) => theme.radius.md};
  border-end-start-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.accent};
  color: ${({ theme }) => theme.color.text};
  font-size: 11px;
  font-weight: 600;
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
