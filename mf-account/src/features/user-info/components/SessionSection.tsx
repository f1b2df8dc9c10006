import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type ApiClient } from 'shared-contracts';
import { Button, Muted } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import styled from 'styled-components';
import { ProblemLine } from '../../../components/ProblemLine';
import { Row } from '../../../components/form-styles';
import { type Problem } from '../../../lib/problem';
import { useRemoteTranslation } from '../../../lib/remote';
import { endSession } from '../../../lib/session';
import { logOut, logOutEverywhere } from '../api/account';
import { Section } from './EmailSection';

const Actions = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

/** Log out on this device, or (after a confirmation) on every device; both forget the login here and go home. */
export function SessionSection({ client }: { client: ApiClient }) {
  const { t } = useRemoteTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const leave = () => {
    endSession();
    navigate('/', { replace: true });
  };

  const logOutHere = async () => {
    setBusy(true);
    await logOut(client);
    leave();
  };

  const logOutAll = async () => {
    setBusy(true);
    setProblem(null);
    const ok = await logOutEverywhere(client);
    setBusy(false);
    setConfirming(false);
    if (ok) leave();
    else setProblem({ key: 'userInfo.logoutFailed', ns: 'account' });
  };

  return (
    <Section aria-labelledby="account-session-title" data-testid="account-session">
      <h2 id="account-session-title">{t('userInfo.session')}</h2>
      <Actions>
        <Button
          type="button"
          $variant="secondary"
          disabled={busy}
          onClick={() => void logOutHere()}
          data-testid="logout"
        >
          {t('userInfo.logout')}
        </Button>
        <Button
          type="button"
          $variant="secondary"
          disabled={busy}
          onClick={() => setConfirming(true)}
          data-testid="logout-all"
        >
          {t('userInfo.logoutAll')}
        </Button>
        <ProblemLine problem={problem} testId="logout-problem" />
      </Actions>
      <Dialog
        open={confirming}
        title={t('userInfo.logoutAll')}
        closeLabel={t('userInfo.close')}
        onClose={() => setConfirming(false)}
        testId="logout-all-dialog"
      >
        <Muted>{t('userInfo.logoutAllHint')}</Muted>
        <Row>
          <Button type="button" $variant="secondary" onClick={() => setConfirming(false)}>
            {t('userInfo.cancel')}
          </Button>
          <Button type="button" disabled={busy} onClick={() => void logOutAll()} data-testid="logout-all-confirm">
            {t('userInfo.logoutAll')}
          </Button>
        </Row>
      </Dialog>
    </Section>
  );
}
