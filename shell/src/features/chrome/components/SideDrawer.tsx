import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { getBus } from 'shared-contracts';
import { Dialog } from 'shared-contracts/ui/dialog';
import { Icon, type IconName } from '../../../components/Icon';
import { PATHS } from '../../../app/routes/table';
import { apiClient } from '../../../lib/api-client';
import { STORE_URL, storeLink } from '../../../lib/links';
import { useAuth } from '../../../lib/auth';
import { siteConfig } from '../../../lib/site-config';

const List = styled.ul`
  list-style: none;
  margin: 0 calc(-1 * ${({ theme }) => theme.space.lg});
  padding: 0;
  li + li {
    border-block-start: 1px solid ${({ theme }) => theme.color.border};
  }
  a,
  button {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.md};
    inline-size: 100%;
    min-block-size: 52px;
    padding-inline: ${({ theme }) => theme.space.lg};
    border: 0;
    background: none;
    font: inherit;
    color: inherit;
    text-decoration: none;
    text-align: start;
    cursor: pointer;
    overflow-wrap: anywhere;
  }
  a:hover,
  button:hover {
    background: ${({ theme }) => theme.color.background};
  }
`;

function Entry({
  icon,
  label,
  testId,
  ...target
}: { icon: IconName; label: string; testId: string } & (
  { to: string; onNavigate: () => void } | { href: string } | { onClick: () => void }
)) {
  const content = (
    <>
      <Icon name={icon} />
      <span>{label}</span>
    </>
  );
  if ('to' in target)
    return (
      <Link to={target.to} onClick={target.onNavigate} data-testid={testId}>
        {content}
      </Link>
    );
  if ('href' in target)
    return (
      <a href={target.href} data-testid={testId}>
        {content}
      </a>
    );
  return (
    <button type="button" onClick={target.onClick} data-testid={testId}>
      {content}
    </button>
  );
}

/** Side drawer, in the spec's order: e-mail, store, orders, support, about. */
export default function SideDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { user } = useAuth();
  // The store link comes from the site configuration (one getConfig per page, shared with the locale lists).
  const [store, setStore] = useState(STORE_URL);
  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    void siteConfig(apiClient, window.location.href).then((config) => {
      if (live && config) setStore(storeLink(config.store_url));
    });
    return () => {
      live = false;
    };
  }, [open]);
  return (
    <Dialog
      open={open}
      placement="side"
      title={t('drawer.title')}
      closeLabel={t('drawer.close')}
      onClose={onClose}
      testId="side-drawer"
    >
      <nav aria-label={t('drawer.title')}>
        <List>
          <li>
            {/* Logged in: the e-mail, to the account page; otherwise "Log in", to the login page. */}
            <Entry
              icon="user"
              label={user ? user.email : t('drawer.login')}
              to={user ? PATHS.userInfo : PATHS.userLogin}
              onNavigate={onClose}
              testId="drawer-email"
            />
          </li>
          <li>
            <Entry icon="store" label={t('drawer.store')} href={store} testId="drawer-store" />
          </li>
          <li>
            <Entry
              icon="receipt"
              label={t('drawer.orders')}
              to={PATHS.orders}
              onNavigate={onClose}
              testId="drawer-orders"
            />
          </li>
          <li>
            <Entry
              icon="chat"
              label={t('drawer.support')}
              testId="drawer-support"
              onClick={() => {
                onClose();
                getBus().publish('support:open', user ? { email: user.email } : {});
              }}
            />
          </li>
          <li>
            <Entry
              icon="info"
              label={t('drawer.about')}
              to={PATHS.userAbout}
              onNavigate={onClose}
              testId="drawer-about"
            />
          </li>
        </List>
      </nav>
    </Dialog>
  );
}
