import styled from 'styled-components';
import { Card } from 'shared-contracts/ui';

export const Tile = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;
export const TileHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.lg};
  }
`;
export const Badge = styled.span<{ $warn?: boolean }>`
  padding-block: 2px;
  padding-inline: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.font.sm};
  background: ${({ $warn }) => ($warn ? '#FDECEC' : '#E7F8EF')};
  color: ${({ $warn, theme }) => ($warn ? theme.color.danger : theme.color.primaryDark)};
`;
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
