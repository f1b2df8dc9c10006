import { type ApiClient } from 'shared-contracts';
import { Card } from 'shared-contracts/ui';
import styled from 'styled-components';
import { getApiClient } from '../../../lib/api-client';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';
import { useLoginFlow } from '../hooks/use-login-flow';
import { CodeFlowForm } from './CodeFlowForm';
import { LogInForm } from './LogInForm';
import { ModeSwitch } from './ModeSwitch';
import { ThirdPartyButtons } from './ThirdPartyButtons';

const Panel = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

/**
 * /user/login: log in, sign up or reset the password on one screen. After any login the receipt is stored,
 * auth:changed published, and the page goes to ?redirect= (same-site only), a waiting purchase or the card list.
 */
export function LoginPage({ client = getApiClient() }: { client?: ApiClient }) {
  const { t } = useRemoteTranslation();
  const flow = useLoginFlow(client);
  return (
    <PageFrame page="login" title={t(`login.title.${flow.mode}`)} nav="back">
      <ModeSwitch mode={flow.mode} onMode={flow.setMode} />
      <Panel>
        {flow.mode === 'login' ? (
          <LogInForm flow={flow} />
        ) : (
          <CodeFlowForm key={flow.mode} flow={flow} scene={flow.mode} />
        )}
        {flow.mode !== 'reset' ? <ThirdPartyButtons client={client} /> : null}
      </Panel>
    </PageFrame>
  );
}
