import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { type ApiClient } from 'shared-contracts';
import { Card } from 'shared-contracts/ui';
import styled from 'styled-components';
import { getApiClient } from '../../../lib/api-client';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';
import { type Problem } from '../../../lib/problem';
import { ProblemLine } from '../../../components/ProblemLine';
import { afterLoginPath, LOGIN_PATH, startSession } from '../../../lib/session';
import { finishThirdParty } from '../api/third-party';
import { takePending } from '../lib/third-party';

const Panel = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const Again = styled(Link)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-block-size: ${({ theme }) => theme.touch};
  color: ${({ theme }) => theme.color.primaryDark};
  font-weight: 600;
`;

type State = { kind: 'working' } | { kind: 'failed'; problem: Problem };

/**
 * /user/login/callback: where Google or Facebook send the browser back. Only the sign-in this tab started (same
 * state) is finished; the api checks the state again, exchanges the code and answers a session.
 */
export function ThirdPartyCallbackPage({ client = getApiClient() }: { client?: ApiClient }) {
  const { t } = useRemoteTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [state, setState] = useState<State>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const pending = takePending();
    const fail = (key: string, ns: Problem['ns'] = 'account') => setState({ kind: 'failed', problem: { key, ns } });
    if (search.get('error')) return fail('callback.cancelled');
    const code = search.get('code');
    const returnedState = search.get('state');
    if (!pending || !code || !returnedState || returnedState !== pending.state) return fail('callback.mismatch');
    const iss = search.get('iss');
    void finishThirdParty(client, {
      provider: pending.provider,
      code,
      state: returnedState,
      redirect_uri: pending.redirectUri,
      ...(iss ? { iss } : {}),
    }).then((outcome) => {
      if (!outcome.ok) return setState({ kind: 'failed', problem: outcome.problem });
      startSession(outcome.data);
      const back = new URLSearchParams(pending.redirect ? { redirect: pending.redirect } : {});
      navigate(afterLoginPath(back), { replace: true });
    });
  }, [client, navigate, search]);

  return (
    <PageFrame
      page="login-callback"
      title={state.kind === 'failed' ? t('callback.failedTitle') : t('callback.title')}
      nav="back"
    >
      <Panel aria-busy={state.kind === 'working'}>
        {state.kind === 'working' ? (
          <p role="status" data-testid="callback-working">
            {t('callback.working')}
          </p>
        ) : (
          <>
            <ProblemLine problem={state.problem} testId="callback-problem" />
            <Again to={LOGIN_PATH} replace data-testid="callback-again">
              {t('callback.again')}
            </Again>
          </>
        )}
      </Panel>
    </PageFrame>
  );
}
