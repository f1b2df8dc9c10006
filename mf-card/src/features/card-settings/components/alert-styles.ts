import styled from 'styled-components';
import { switchTrack } from '../../../components/switch-track';

// The alerts panel's controls: threshold chips (checkboxes) and on/off switches, each a 44px touch target.

export const Group = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  border: 0;
  min-inline-size: 0;
  legend {
    padding: 0;
    margin-block-end: ${({ theme }) => theme.space.sm};
    font-weight: 600;
  }
`;

export const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** A chip: its checkbox is invisible but focusable; on, it shows a Tick as well as the colour (not colour alone). */
export const Chip = styled.label`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-block-size: ${({ theme }) => theme.touch};
  min-inline-size: 72px;
  box-sizing: border-box;
  justify-content: center;
  padding-inline: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.color.textMuted};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-weight: 600;
  font-variant-numeric: tabular-nums;
  cursor: pointer;
  input {
    position: absolute;
    inset: 0;
    margin: 0;
    opacity: 0;
    cursor: inherit;
  }
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.color.primaryDark};
    background: #e7f8ef;
    color: ${({ theme }) => theme.color.primaryDark};
  }
  &:has(input:disabled) {
    border-color: ${({ theme }) => theme.color.border};
    color: ${({ theme }) => theme.color.textMuted};
    cursor: not-allowed;
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

export const Tick = styled.span`
  font-weight: 700;
`;

/** A switch row: the label and the track in one button across the panel, its explanation under it. */
export const SwitchRow = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  p {
    font-size: ${({ theme }) => theme.font.sm};
    overflow-wrap: anywhere;
  }
`;

export const Switch = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  inline-size: 100%;
  text-align: start;
  ${switchTrack}
`;

/** Where the alert e-mails go: the address reads left to right in every language. */
export const Address = styled.bdi`
  font-weight: 600;
  color: ${({ theme }) => theme.color.text};
`;
