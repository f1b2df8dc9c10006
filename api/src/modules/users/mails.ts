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

/**
 * Instead of a code, when the answer must not tell whether the address has an account (issue 23): a sign-up for an
 * address that has one, a reset for one that has none, an e-mail change to an address another account uses. Only
 * the owner of the mailbox learns it; the page says "code sent" either way.
 */
export type AccountNotice = 'signup_existing' | 'reset_unknown' | 'email_taken';

const NOTICE_TEXT: Record<AccountNotice, { subject: string; lines: string[] }> = {
  signup_existing: {
    subject: 'You already have an account',
    lines: [
      'Someone asked to sign up with this e-mail address, which already has an eSIM Shop account.',
      'If it was you, log in instead, or reset your password if you forgot it. No new account was made.',
    ],
  },
  reset_unknown: {
    subject: 'Password reset: no account with this address',
    lines: [
      'Someone asked to reset the password of an eSIM Shop account with this e-mail address, but it has no account.',
      'If it was you, you may have signed up with another address, or you can sign up with this one.',
    ],
  },
  email_taken: {
    subject: 'This address is already in use',
    lines: [
      'Someone asked to move an eSIM Shop account to this e-mail address, which another account already uses.',
      'Nothing was changed.',
    ],
  },
};

export function accountNoticeMail(to: string, notice: AccountNotice): MailMessage {
  const text = NOTICE_TEXT[notice];
  return {
    to,
    template: `notice-${notice}`,
    subject: text.subject,
    text: [...text.lines, '', 'If you did not ask for this, you can ignore this e-mail.'].join('\n'),
  };
}
