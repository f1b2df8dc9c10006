import { type FormEvent } from 'react';
import { type ApiClient } from 'shared-contracts';
import { Button, Card } from 'shared-contracts/ui';
import styled from 'styled-components';
import { CodeStep } from '../../../components/CodeStep';
import { EmailField } from '../../../components/fields';
import { Form, Row } from '../../../components/form-styles';
import { ProblemLine } from '../../../components/ProblemLine';
import { useRemoteTranslation } from '../../../lib/remote';
import { useChangeEmail } from '../hooks/use-change-email';

export const Section = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.lg};
  }
`;

const Value = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.lg};
  overflow-wrap: anywhere;
`;

/** The account e-mail and its change through a code sent to the new address. */
export function EmailSection({
  client,
  email,
  onChanged,
}: {
  client: ApiClient;
  email: string;
  onChanged: (user: { email: string; user_id: number }) => void;
}) {
  const { t } = useRemoteTranslation();
  const change = useChangeEmail(client, email, onChanged);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void change.requestCode();
  };
  return (
    <Section aria-labelledby="account-email-title" data-testid="account-email">
      <h2 id="account-email-title">{t('userInfo.email')}</h2>
      <Value data-testid="account-email-value">
        <bdi>{email}</bdi>
      </Value>
      {change.step === 'closed' ? (
        <Button type="button" $variant="secondary" onClick={change.open} data-testid="change-email">
          {t('userInfo.changeEmail')}
        </Button>
      ) : null}
      {change.step === 'email' ? (
        <Form onSubmit={submit} noValidate data-testid="change-email-form">
          <EmailField
            label={t('userInfo.newEmail')}
            value={change.newEmail}
            onValue={change.setNewEmail}
            error={change.emailError ? t(change.emailError, { ns: 'common' }) : null}
            testId="new-email"
          />
          <ProblemLine problem={change.problem} testId="change-email-problem" />
          <Row>
            <Button type="button" $variant="secondary" onClick={change.cancel}>
              {t('userInfo.cancel')}
            </Button>
            <Button type="submit" disabled={change.busy}>
              {t('code.send')}
            </Button>
          </Row>
        </Form>
      ) : null}
      {change.step === 'code' ? (
        <>
          <CodeStep
            sentTo={change.sentTo}
            code={change.code}
            onCode={change.setCode}
            onSubmit={() => void change.submitCode()}
            onResend={change.resend}
            onChangeEmail={change.backToEmail}
            resendIn={change.resendIn}
            busy={change.busy}
            submitLabel={t('userInfo.confirmEmail')}
            testId="email-code"
          />
          <ProblemLine problem={change.problem} testId="change-email-problem" />
        </>
      ) : null}
    </Section>
  );
}
