import { type FormEvent } from 'react';
import { Button, Muted } from 'shared-contracts/ui';
import { useRemoteTranslation } from '../lib/remote';
import { CODE_LENGTH } from '../lib/constants';
import { CodeField } from './fields';
import { Form, Row, TextButton } from './form-styles';

/**
 * The code step of sign-up, reset and e-mail change: the address the code went to, the 6-digit field, Resend
 * (disabled with a visible countdown during the cool-down) and a way back to correct the address.
 */
export function CodeStep({
  sentTo,
  code,
  onCode,
  onSubmit,
  onResend,
  onChangeEmail,
  resendIn,
  busy,
  submitLabel,
  testId,
}: {
  sentTo: string;
  code: string;
  onCode: (code: string) => void;
  onSubmit: () => void;
  onResend: () => void;
  onChangeEmail: () => void;
  /** Seconds until a new code may be asked for; 0 = now. */
  resendIn: number;
  busy: boolean;
  submitLabel: string;
  testId: string;
}) {
  const { t } = useRemoteTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Form onSubmit={submit} noValidate data-testid={testId}>
      <Muted>
        {t('code.sentTo')} <bdi>{sentTo}</bdi>
      </Muted>
      <CodeField value={code} onValue={onCode} testId={`${testId}-input`} />
      <Button type="submit" disabled={busy || code.length !== CODE_LENGTH}>
        {submitLabel}
      </Button>
      <Row>
        <TextButton type="button" onClick={onResend} disabled={busy || resendIn > 0} data-testid={`${testId}-resend`}>
          {resendIn > 0 ? t('code.resendIn', { seconds: resendIn }) : t('code.resend')}
        </TextButton>
        <TextButton type="button" onClick={onChangeEmail} disabled={busy}>
          {t('code.changeEmail')}
        </TextButton>
      </Row>
    </Form>
  );
}
