import styled from 'styled-components';
import { Card } from 'shared-contracts/ui';

export const Body = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;
export { CardHead as Head } from 'shared-contracts/ui';
export const NameButton = styled.button`
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
  /* The arrow points to the reading direction's end. */
  .arrow {
    display: inline-block;
  }
  [dir='rtl'] & .arrow {
    transform: scaleX(-1);
  }
`;
export { StatusBadge as Badge } from 'shared-contracts/ui';
export const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
`;
export const Amounts = styled.dl`
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
export const Icons = styled.div`
  display: flex;
  flex-wrap: wrap;
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
export const Foot = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  flex-wrap: wrap;
`;
export const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;
export const IccidButton = styled.button`
  min-block-size: ${({ theme }) => theme.touch};
  border: 0;
  background: none;
  padding: 0;
  font: inherit;
  font-family: ui-monospace, monospace;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: copy;
  direction: ltr;
  unicode-bidi: isolate;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
  }
`;

/** Amount for display: the MB/GB suffix stripped ('12.5GB' → '12.5'). */
export function stripUnit(value: string): string {
  return value.replace(/\s*[MG]B\s*$/i, '');
}
