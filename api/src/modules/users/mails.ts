import { type MailMessage } from '../../mail';
import { type CodePurpose } from './repository';

const PURPOSE_TEXT: Record<CodePurpose, { subject: string; action: string }> = {
  signup: { subject: 'Your sign-up code', action: 'finish signing up' },
  reset: { subject: 'Your password reset code', action: 'set a new password' },
  email_update: { subject: 'Confirm your new e-mail address', action: 'confirm this e-mail address' },
  card_email: { subject: 'Confirm the e-mail for your card', action: 'bind this e-mail to your card' },
};

export function verificationCodeMail(to: string, purpose: CodePurpose, code: string): MailMessage {
  const text = PURPOSE_TEXT[purpose];
  return {
    to,
    template: `code-${purpose}`,
    subject: `${text.subject}: ${code}`,
    text: [
      `Your verification code is ${code}.`,
      '',
      `Enter it on the page to ${text.action}. It is valid for 10 minutes and works once.`,
      'If you did not ask for it, you can ignore this e-mail.',
    ].join('\n'),
  };
}
