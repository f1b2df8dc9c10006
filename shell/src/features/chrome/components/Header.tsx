import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { getBus, type ApiClient } from 'shared-contracts';
import { apiClient } from '../../../lib/api-client';
import { IconButton } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { PATHS } from '../../../app/routes/table';
import { useAuth } from '../../../lib/auth';
import { useLocale } from '../../../lib/locale';
import { useUnreadNotices } from '../hooks/use-unread-notices';

// Code-split: most visits open neither, so they stay out of the first download.
const LocaleDialog = lazy(() => import(/* webpackChunkName: "locale-dialog" */ './LocaleDialog'));
const SideDrawer = lazy(() => import(/* webpackChunkName: "side-drawer" */ './SideDrawer'));

const Bar = styled.header`
  position: sticky;
  inset-block-start: 0;
  z-index: 10;
  display: flex;
  align-items: center;
  gap: 2px;
  min-block-size: ${({ theme }) => theme.layout.header};
  padding-inline: ${({ theme }) => theme.space.xs};
  background: ${({ theme }) => theme.color.surface};
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
`;

const Brand = styled(Link)`
  flex: 1;
  min-inline-size: 0;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-block-size: ${({ theme }) => theme.touch};
  padding-inline: ${({ theme }) => theme.space.xs};
  font-weight: 700;
  font-size: 16px;
  text-decoration: none;
  color: ${({ theme }) => theme.color.text};
  &::before {
    content: '';
    flex: none;
    inline-size: 22px;
    block-size: 22px;
    border-radius: 6px;
    background: linear-gradient(135deg, ${({ theme }) => theme.color.primary}, ${({ theme }) => theme.color.accent});
  }
`;

const LocaleButton = styled.button`
  min-block-size: ${({ theme }) => theme.touch};
  min-inline-size: ${({ theme }) => theme.touch};
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding-inline: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surface};
  color: inherit;
  font: inherit;
  font-size: ${({ theme }) => theme.font.sm};
  font-weight: 600;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const UnreadDot = styled.span`
  position: absolute;
  inset-block-start: 10px;
  inset-inline-end: 10px;
  inline-size: 9px;
  block-size: 9px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.danger};
  box-shadow: 0 0 0 2px ${({ theme }) => theme.color.surface};
`;

/** App chrome: menu, brand, notices (with an unread dot), support and the language/currency switcher. */
export function Header({ client = apiClient }: { client?: ApiClient }) {
  const { t } = useTranslation('shell');
  const { user } = useAuth();
  const locale = useLocale();
  const unread = useUnreadNotices(client, locale.language, user?.user_id ?? null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [localeOpen, setLocaleOpen] = useState(false);

  return (
    <Bar data-testid="app-header">
      <IconButton
        type="button"
        aria-label={t('header.menu')}
        aria-expanded={drawerOpen}
        aria-haspopup="dialog"
        data-testid="menu-button"
        onClick={() => setDrawerOpen(true)}
      >
        <Icon name="menu" />
      </IconButton>
      <Brand to={PATHS.home}>{t('header.brand')}</Brand>
      <IconButton
        as={Link}
        to={PATHS.notices}
        aria-label={unread > 0 ? t('header.unreadNotices', { count: unread }) : t('header.notices')}
        data-testid="notices-button"
      >
        <Icon name="bell" />
        {unread > 0 && <UnreadDot aria-hidden="true" data-testid="notices-unread" />}
      </IconButton>
      <IconButton
        type="button"
        aria-label={t('header.support')}
        data-testid="support-button"
        onClick={() => getBus().publish('support:open', user ? { email: user.email } : {})}
      >
        <Icon name="chat" />
      </IconButton>
      <LocaleButton
        type="button"
        aria-haspopup="dialog"
        aria-label={t('header.language', { language: locale.language.toUpperCase(), currency: locale.currency ?? '' })}
        data-testid="language-switcher"
        onClick={() => setLocaleOpen(true)}
      >
        <Icon name="globe" size={18} />
        <span aria-hidden="true">
          {locale.language.toUpperCase()}
          {locale.currency ? ` · ${locale.currency}` : ''}
        </span>
      </LocaleButton>
      {drawerOpen && (
        <Suspense fallback={null}>
          <SideDrawer open onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
      {localeOpen && (
        <Suspense fallback={null}>
          <LocaleDialog open onClose={() => setLocaleOpen(false)} />
        </Suspense>
      )}
    </Bar>
  );
}
