import styled from 'styled-components';
import { Button } from 'shared-contracts/ui';

const Bar = styled.div`
  position: sticky;
  inset-block-end: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.color.surface};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow};
`;

/**
 * The buy button, disabled until a package is chosen. The purchase agreement is ticked in the payment sheet it
 * opens (mf-checkout owns the agreements; every purchase, from any page, passes that one box).
 */
export function BuyBar({ canBuy, onBuy, summary }: { canBuy: boolean; onBuy: () => void; summary: string }) {
  return (
    <Bar>
      <Button type="button" disabled={!canBuy} onClick={onBuy} data-testid="buy">
        {summary}
      </Button>
    </Bar>
  );
}
