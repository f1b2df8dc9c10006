import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CLIENT_MESSAGES } from 'shared-contracts';
import { buttonLook, type ButtonVariant, Card, Muted } from 'shared-contracts/ui';
import { useRemoteTranslation } from '../../../lib/remote';
import { moreText } from '../../../lib/text-more';

const LoginLink = styled(Link)<{ $variant?: ButtonVariant }>`
  ${buttonLook}
  display: flex;
  margin-block-start: ${({ theme }) => theme.space.md};
`;

const Note = styled.p<{ $tone: 'warn' | 'info' }>`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ $tone }) => ($tone === 'warn' ? '#FFF4E5' : '#EAF4FF')};
  color: ${({ $tone }) => ($tone === 'warn' ? '#8A4B00' : '#0B4A8B')};
  font-size: ${({ theme }) => theme.font.sm};
  a {
    color: inherit;
    font-weight: 600;
  }
`;

function loginPath(iccid: string, flag: string): string {
  return `/user/login?redirect=${encodeURIComponent(`/${flag}/${iccid}`)}`;
}

/** A partner store's card without a login: the login view only (spec section 4, login gating). */
export function LoginGate({ iccid, flag }: { iccid: string; flag: string }) {
  const { t } = moreText.useRemoteTranslation();
  return (
    <Card data-testid="card-login-gate" aria-labelledby="login-gate-title">
      <h2 id="login-gate-title" style={{ marginBlockStart: 0 }}>
        {t('gate.loginTitle')}
      </h2>
      <Muted>{t('gate.loginBody')}</Muted>
      <p>
        <bdi dir="ltr">{iccid}</bdi>
      </p>
      <LoginLink to={loginPath(iccid, flag)} data-testid="card-login-link">
        {t('gate.login')}
      </LoginLink>
    </Card>
  );
}

/** An unbound card seen without a login: the page shows; logging in offers to add the card to the account. */
export function RememberNote({ iccid, flag }: { iccid: string; flag: string }) {
  const { t } = moreText.useRemoteTranslation();
  return (
    <Note $tone="info" data-testid="card-bind-hint">
      {t('gate.bindHint')} <Link to={loginPath(iccid, flag)}>{t('gate.login')}</Link>
    </Note>
  );
}

/** An unbound card a logged-in user chose to see without adding it: how to add it (the Add tool below). */
export function UnboundViewNote() {
  const { t } = moreText.useRemoteTranslation();
  const { t: page } = useRemoteTranslation();
  return (
    <Note $tone="info" data-testid="card-unbound-view">
      {t('gate.unboundView', { action: page('tools.bind') })}
    </Note>
  );
}

/**
 * Another account's card: a warning that only its owner can top it up (no packages, e-mail, orders or shared plan),
 * and a way to log in with that account.
 */
export function OtherUserNote({ iccid, flag }: { iccid: string; flag: string }) {
  const { t: tc } = useTranslation('common');
  const { t } = moreText.useRemoteTranslation();
  return (
    <Note $tone="warn" role="status" data-testid="card-other-user">
      {tc(CLIENT_MESSAGES.otherUserRecharge)} <Link to={loginPath(iccid, flag)}>{t('gate.switchAccount')}</Link>
    </Note>
  );
}

/** The note of a gate (one chunk, loaded only for a gated card). */
export default function GateNote({
  gate,
  iccid,
  flag,
}: {
  gate: 'login' | 'remember' | 'unbound-view' | 'other-user';
  iccid: string;
  flag: string;
}) {
  if (gate === 'login') return <LoginGate iccid={iccid} flag={flag} />;
  if (gate === 'remember') return <RememberNote iccid={iccid} flag={flag} />;
  if (gate === 'unbound-view') return <UnboundViewNote />;
  return <OtherUserNote iccid={iccid} flag={flag} />;
}
