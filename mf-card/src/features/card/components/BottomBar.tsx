import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useRemoteTranslation } from '../../../lib/remote';

const Nav = styled.nav`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: ${({ theme }) => theme.space.sm};
  a {
    display: grid;
    place-items: center;
    min-block-size: ${({ theme }) => theme.touch};
    padding-inline: ${({ theme }) => theme.space.xs};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    font-size: ${({ theme }) => theme.font.sm};
    text-align: center;
    text-decoration: none;
  }
`;

/** Purchased packages, order records and the agreement. */
export function BottomBar({ iccid }: { iccid: string }) {
  const { t } = useRemoteTranslation();
  return (
    <Nav aria-label={t('bottom.label')} data-testid="card-bottom-bar">
      <Link to={`/pkg?iccid=${encodeURIComponent(iccid)}`}>{t('bottom.packages')}</Link>
      <Link to="/pay/order">{t('bottom.orders')}</Link>
      <Link to="/agreement">{t('bottom.agreement')}</Link>
    </Nav>
  );
}
