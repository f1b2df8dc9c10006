import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PATHS } from './table';

const Box = styled.div`
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  text-align: center;
  h1 {
    font-size: ${({ theme }) => theme.font.xl};
  }
  a {
    display: inline-flex;
    align-items: center;
    min-block-size: ${({ theme }) => theme.touch};
    color: ${({ theme }) => theme.color.primaryDark};
    font-weight: 600;
  }
`;

export default function NotFound() {
  const { t } = useTranslation('shell');
  return (
    <Box data-testid="not-found">
      <h1>{t('notFound.title')}</h1>
      <Link to={PATHS.home}>{t('notFound.home')}</Link>
    </Box>
  );
}
