import styled from 'styled-components';
import { Card, CardHead } from 'shared-contracts/ui';

export const Tile = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;
export const TileHead = styled(CardHead)`
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.lg};
  }
`;
export { StatusBadge as Badge } from 'shared-contracts/ui';
export const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;
export const Iccid = styled.span`
  font-family: ui-monospace, monospace;
  direction: ltr;
  unicode-bidi: isolate;
`;
export const TextInput = styled.input`
  min-block-size: ${({ theme }) => theme.touch};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  padding-inline: ${({ theme }) => theme.space.md};
  font: inherit;
  inline-size: 100%;
  box-sizing: border-box;
`;
export const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
`;
