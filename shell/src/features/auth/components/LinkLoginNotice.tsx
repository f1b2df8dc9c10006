import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../../components/Button';
import { useAuth } from '../../../lib/auth';

const Box = styled.section`
  margin: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg} 0;
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.warning};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  button {
    flex: 1 1 auto;
    min-block-size: ${({ theme }) => theme.touch};
  }
`;

/** An e-mail inside a sentence of either direction: isolated, so an Arabic or Hebrew sentence keeps it whole. */
const isolated = (email: string) => `\u2068${email}\u2069`;

/**
 * A link signed this device in on its own (no login was stored): whose account it is, until the user keeps it or
 * signs out. Someone sent a link to their own account must not bind cards or buy in it without knowing (login CSRF).
 * In the page's flow under the header, so it covers nothing; it stays across reloads until answered.
 */
export function LinkLoginNotice() {
  const { t } = useTranslation('shell');
  const { linkLogin } = useAuth();
  const [busy, setBusy] = useState(false);
  if (!linkLogin) return null;
  const signOut = () => {
    setBusy(true);
    void linkLogin.signOut().finally(() => setBusy(false));
  };
  return (
    <Box aria-labelledby="link-login-text" data-testid="link-login">
      <p id="link-login-text" role="status">
        {t('auth.link.text', { email: isolated(linkLogin.email) })}
      </p>
      <Actions>
        <Button type="button" onClick={linkLogin.keep} disabled={busy} data-testid="link-login-keep">
          {t('auth.link.keep')}
        </Button>
        <Button type="button" $variant="secondary" onClick={signOut} disabled={busy} data-testid="link-login-out">
          {t('auth.link.signOut')}
        </Button>
      </Actions>
    </Box>
  );
}
