import styled from 'styled-components';
import { Card, OfferTag } from 'shared-contracts/ui';

export const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-inline-size: 0;
`;

export const Heading = styled.h2`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  font-size: ${({ theme }) => theme.font.lg};
`;

export const Tabs = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  overflow-x: auto;
  min-inline-size: 0;
  padding-block-end: ${({ theme }) => theme.space.xs};
  button {
    flex: none;
    min-block-size: ${({ theme }) => theme.touch};
    padding-inline: ${({ theme }) => theme.space.lg};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    cursor: pointer;
  }
  button[aria-selected='true'] {
    border-color: ${({ theme }) => theme.color.primary};
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.onPrimary};
    font-weight: 600;
  }
  button:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
  }
`;

/** Two columns on a phone (spec section 9), more where there is room. */
export const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  min-inline-size: 0;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.md};
  @media (min-width: 720px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

export const Product = styled(Card)`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  block-size: 100%;
  box-sizing: border-box;
  padding: ${({ theme }) => theme.space.md};
  padding-block-start: ${({ theme }) => theme.space.xl};
`;

export const Tag = styled(OfferTag)``;

export const Title = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.font.md};
  overflow-wrap: anywhere;
`;

export const Small = styled.p`
  margin: 0;
  font-size: 12px;
  color: ${({ theme }) => theme.color.textMuted};
  overflow-wrap: anywhere;
`;

export const Price = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.xs};
  margin: auto 0 0;
  padding-block-start: ${({ theme }) => theme.space.sm};
  strong {
    font-size: ${({ theme }) => theme.font.lg};
    color: ${({ theme }) => theme.color.text};
  }
  s {
    font-size: 12px;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

export const ProductActions = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  button {
    inline-size: 100%;
    min-block-size: ${({ theme }) => theme.touch};
  }
`;

export const Note = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  border-inline-start: 4px solid ${({ theme }) => theme.color.warning};
  background: ${({ theme }) => theme.color.background};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.sm};
`;

export const InlineLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-block-size: ${({ theme }) => theme.touch};
  color: ${({ theme }) => theme.color.primaryDark};
  font-weight: 600;
`;
