import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from 'shared-contracts/ui';
import { useRemoteTranslation } from '../../../lib/remote';

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

const Agree = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-block-size: ${({ theme }) => theme.touch};
  font-size: ${({ theme }) => theme.font.sm};
  input {
    inline-size: 22px;
    block-size: 22px;
    margin: 0;
    accent-color: ${({ theme }) => theme.color.primary};
  }
  a {
    color: ${({ theme }) => theme.color.primaryDark};
    display: inline-flex;
    align-items: center;
    min-block-size: ${({ theme }) => theme.touch};
  }
`;

/** Agreement checkbox (ticked by default) and the buy button, disabled until a package is chosen and ticked. */
export function BuyBar({
  agreed,
  onAgreed,
  canBuy,
  onBuy,
  summary,
}: {
  agreed: boolean;
  onAgreed: (value: boolean) => void;
  canBuy: boolean;
  onBuy: () => void;
  summary: string;
}) {
  const { t } = useRemoteTranslation();
  const id = useId();
  return (
    <Bar>
      <Agree>
        <input
          id={id}
          type="checkbox"
          checked={agreed}
          onChange={(event) => onAgreed(event.target.checked)}
          data-testid="agreement"
        />
        <label htmlFor={id}>{t('pkg.agree')}</label>
        <Link to="/agreement">{t('bottom.agreement')}</Link>
      </Agree>
      <Button type="button" disabled={!agreed || !canBuy} onClick={onBuy} data-testid="buy">
        {summary}
      </Button>
    </Bar>
  );
}
