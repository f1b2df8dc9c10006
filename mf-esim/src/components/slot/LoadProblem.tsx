import { useTranslation } from 'react-i18next';
import { ERROR_CODES, isSessionEnd, messageKeyFor, NETWORK_ERROR_KEY } from 'shared-contracts';
import { Button, ButtonLink, MessageCard, Muted } from 'shared-contracts/ui';
import { hasLogin, loginPath } from '../../lib/login';
import { useRemoteTranslation } from '../../lib/remote';

/** What a failed load of the slot (or its list) says: the page's own words for the slot's cases, else the catalogue. */
function messageOf(
  t: (key: string) => string,
  tc: (key: string) => string,
  code: number,
  message: string,
  network: boolean,
) {
  if (network) return tc(NETWORK_ERROR_KEY);
  if (code === ERROR_CODES.FORBIDDEN) return t('problem.otherAccount');
  if (code === ERROR_CODES.NOT_FOUND || code === ERROR_CODES.CARD_NOT_FOUND) return t('problem.notFound');
  return tc(messageKeyFor(code, message));
}

/**
 * A load that failed: a clear message, and a way on: log in (no login or a session end), try again (network or
 * server trouble) and always back to the card list.
 */
export function LoadProblem({
  code,
  message,
  network,
  here,
  onRetry,
  testId = 'load-problem',
}: {
  code: number;
  message: string;
  network: boolean;
  /** The page's path, where the login comes back to. */
  here: string;
  onRetry: () => void;
  testId?: string;
}) {
  const { t } = useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  const needsLogin = isSessionEnd(code) || (code === ERROR_CODES.FORBIDDEN && !hasLogin());
  const retry = network || code === ERROR_CODES.SYSTEM_ERROR || code === ERROR_CODES.HTTP_SERVER_ERROR;
  return (
    <MessageCard role="alert" data-testid={testId} data-code={code}>
      <Muted>{messageOf(t, tc, code, message, network)}</Muted>
      {needsLogin && <ButtonLink to={loginPath(here)}>{t('problem.logIn')}</ButtonLink>}
      {retry && (
        <Button type="button" $variant="secondary" onClick={onRetry}>
          {t('problem.retry')}
        </Button>
      )}
      <ButtonLink to="/eshop/card/list" $variant="secondary">
        {t('problem.back')}
      </ButtonLink>
    </MessageCard>
  );
}
