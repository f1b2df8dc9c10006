import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { getBus, type ApiClient } from 'shared-contracts';
import { Button, MessageCard, Muted } from 'shared-contracts/ui';
import { getApiClient } from '../../../lib/api-client';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';
import { hasReceipt, loginPath, updateSessionEmail } from '../../../lib/session';
import { useAccount } from '../hooks/use-account';
import { EmailSection } from './EmailSection';
import { PaymentMethodsSection } from './PaymentMethodsSection';
import { SessionSection } from './SessionSection';
import { SettingsSection } from './SettingsSection';

const INFO_PATH = '/user/info';

/**
 * /user/info: e-mail (and its change), region and currency, the payment methods saved for auto-renewal, log out here
 * or everywhere. Needs a login.
 */
export function UserInfoPage({ client = getApiClient() }: { client?: ApiClient }) {
  const { t } = useRemoteTranslation();
  // Read once: logging out here leaves for '/' itself, and must not bounce through the login page first.
  const [loggedIn] = useState(hasReceipt);
  const { state, reload, setEmail } = useAccount(client, loggedIn);

  if (!loggedIn) return <Navigate to={loginPath(INFO_PATH)} replace />;

  let body;
  if (state.status === 'loading') {
    body = (
      <MessageCard role="status" aria-busy="true" data-testid="account-loading">
        <Muted>{t('userInfo.loading')}</Muted>
      </MessageCard>
    );
  } else if (state.status === 'error') {
    body = (
      <MessageCard role="alert" data-testid="account-error">
        <p>{t('userInfo.error')}</p>
        <Button type="button" onClick={() => void reload()}>
          {t('userInfo.retry')}
        </Button>
      </MessageCard>
    );
  } else {
    const { user, currencies } = state;
    body = (
      <>
        <EmailSection
          client={client}
          email={user.email}
          onChanged={(changed) => {
            setEmail(changed.email);
            updateSessionEmail(changed.email, changed.user_id);
            getBus().publish('toast', {
              kind: 'success',
              messageKey: 'account:userInfo.emailChanged',
              values: { email: changed.email },
            });
          }}
        />
        <SettingsSection client={client} area={user.area} ccy={user.ccy} currencies={currencies} />
        <PaymentMethodsSection client={client} />
        <SessionSection client={client} />
      </>
    );
  }

  return (
    <PageFrame page="userInfo" title={t('pages.userInfo.title')} nav="back">
      {body}
    </PageFrame>
  );
}
