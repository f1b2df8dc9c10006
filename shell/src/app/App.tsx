import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { CheckoutHost } from '../features/remotes/components/CheckoutHost';
import { Header } from '../features/chrome/components/Header';
import { LinkLoginNotice } from '../features/auth/components/LinkLoginNotice';
import { SupportHost } from '../features/chrome/components/SupportHost';
import { ToastRegion } from '../features/toasts/components/ToastRegion';
import { AppRoutes } from './routes/AppRoutes';

const Page = styled.div`
  min-block-size: 100vh;
  max-inline-size: 640px;
  margin-inline: auto;
  background: ${({ theme }) => theme.color.background};
  display: flex;
  flex-direction: column;
`;

const Main = styled.main`
  flex: 1;
  &:focus {
    outline: none;
  }
`;

const SkipLink = styled.a`
  position: absolute;
  inset-inline-start: ${({ theme }) => theme.space.sm};
  inset-block-start: -100px;
  z-index: 300;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.color.surface};
  border-radius: ${({ theme }) => theme.radius.sm};
  &:focus {
    inset-block-start: ${({ theme }) => theme.space.sm};
  }
`;

/** The page: chrome around the area of whichever remote owns the route. */
export function App() {
  const { t } = useTranslation('shell');
  return (
    <Page data-app="shell">
      <SkipLink href="#main">{t('skip')}</SkipLink>
      <Header />
      <LinkLoginNotice />
      <Main id="main" tabIndex={-1}>
        <AppRoutes />
      </Main>
      <ToastRegion />
      <SupportHost />
      <CheckoutHost />
    </Page>
  );
}
