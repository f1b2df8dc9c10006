import { PASSWORD_MIN } from 'shared-contracts';
import { type FormEvent } from 'react';
import { Button, Muted } from 'shared-contracts/ui';
import { useRemoteTranslation } from '../../../lib/remote';
import { CodeStep } from '../../../components/CodeStep';
import { EmailField, PasswordField } from '../../../components/fields';
import { Form } from '../../../components/form-styles';
import { ProblemLine } from '../../../components/ProblemLine';
import { type CodeScene } from '../api/auth';
import { type LoginFlow } from '../hooks/use-login-flow';
import { passwordStrength } from '../lib/password-strength';

/**
 * Sign-up and password reset: e-mail → 6-digit code from the mail → (new) password → logged in. Whether the address
 * has an account is never asked: the mail tells its owner (a sign-up for an address with one gets a notice instead of
 * a code).
 */
export function CodeFlowForm({ flow, scene }: { flow: LoginFlow; scene: CodeScene }) {
  const { t } = useRemoteTranslation();
  const step = flow.stepOf(scene);
  const state = flow.flows[scene];
  const testId = `${scene}-form`;

  if (step === 'email') {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      void flow.requestCode(scene);
    };
    return (
      <Form onSubmit={submit} noValidate data-testid={testId} aria-label={t(`login.mode.${scene}`)}>
        <Muted>{t(`${scene}.intro`)}</Muted>
        <EmailField
          value={flow.email}
          onValue={flow.setEmail}
          error={flow.emailError ? t(flow.emailError, { ns: 'common' }) : null}
          testId={`${scene}-email`}
        />
        <ProblemLine problem={flow.problem} testId={`${scene}-problem`} />
        <Button type="submit" disabled={flow.busy}>
          {t('code.send')}
        </Button>
      </Form>
    );
  }

  if (step === 'code') {
    return (
      <>
        <CodeStep
          sentTo={state.sentTo}
          code={state.code}
          onCode={(code) => flow.setCode(scene, code)}
          onSubmit={() => void flow.submitCode(scene)}
          onResend={() => void flow.resendCode(scene)}
          onChangeEmail={() => flow.backToEmail(scene)}
          resendIn={flow.resendIn}
          busy={flow.busy}
          submitLabel={t('code.verify')}
          testId={`${scene}-code`}
        />
        <ProblemLine problem={flow.problem} testId={`${scene}-problem`} />
      </>
    );
  }

  const strength = passwordStrength(state.password);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void flow.submitNewPassword(scene);
  };
  return (
    <Form onSubmit={submit} noValidate data-testid={`${scene}-password-form`}>
      <Muted>
        {t('code.verifiedFor')} <bdi>{state.sentTo}</bdi>
      </Muted>
      <PasswordField
        label={t(scene === 'signup' ? 'form.choosePassword' : 'form.newPassword')}
        value={state.password}
        onValue={(value) => flow.setNewPassword(scene, value)}
        autoComplete="new-password"
        hint={t(`password.${strength}`, { min: PASSWORD_MIN })}
        error={flow.passwordError ? t(flow.passwordError, { min: PASSWORD_MIN }) : null}
        testId={`${scene}-password`}
      />
      <ProblemLine problem={flow.problem} testId={`${scene}-problem`} />
      <Button type="submit" disabled={flow.busy}>
        {t(`${scene}.submit`)}
      </Button>
    </Form>
  );
}
