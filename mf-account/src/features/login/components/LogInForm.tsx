import { PASSWORD_MIN } from 'shared-contracts';
import { type FormEvent } from 'react';
import { Button } from 'shared-contracts/ui';
import { useRemoteTranslation } from '../../../lib/remote';
import { EmailField, PasswordField } from '../../../components/fields';
import { Form, TextButton } from '../../../components/form-styles';
import { ProblemLine } from '../../../components/ProblemLine';
import { type LoginFlow } from '../hooks/use-login-flow';

/** Log in with e-mail and password; "Forgot password?" switches to reset with the e-mail kept. */
export function LogInForm({ flow }: { flow: LoginFlow }) {
  const { t } = useRemoteTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void flow.submitLogin();
  };
  return (
    <Form onSubmit={submit} noValidate data-testid="login-form" aria-label={t('login.mode.login')}>
      <EmailField
        value={flow.email}
        onValue={flow.setEmail}
        error={flow.emailError ? t(flow.emailError, { ns: 'common' }) : null}
        testId="login-email"
      />
      <PasswordField
        label={t('form.password')}
        value={flow.password}
        onValue={flow.setPassword}
        error={flow.passwordError ? t(flow.passwordError, { min: PASSWORD_MIN }) : null}
        testId="login-password"
      />
      <ProblemLine problem={flow.problem} testId="login-problem" />
      <Button type="submit" disabled={flow.busy}>
        {t('login.submit')}
      </Button>
      <TextButton type="button" onClick={() => flow.setMode('reset')} data-testid="forgot-password">
        {t('login.forgot')}
      </TextButton>
    </Form>
  );
}
