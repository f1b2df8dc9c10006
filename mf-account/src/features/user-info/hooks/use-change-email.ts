import { useState } from 'react';
import { getBus, stripWhitespace, validateEmail, type ApiClient } from 'shared-contracts';
import { CODE_LENGTH, CODE_RESEND_SECONDS } from '../../../lib/constants';
import { useOutcome } from '../../../lib/problem';
import { useCountdown } from '../../../lib/use-countdown';
import { changeEmail, sendEmailCode } from '../api/account';

type Step = 'closed' | 'email' | 'code';

/** Change e-mail: new address → code mailed to it (scene 'email') → updateEmail → onChanged. */
export function useChangeEmail(
  api: ApiClient,
  currentEmail: string,
  onChanged: (user: { email: string; user_id: number }) => void,
) {
  const [step, setStep] = useState<Step>('closed');
  const [newEmail, setNewEmailState] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [code, setCode] = useState('');
  const { busy, problem, setProblem, run } = useOutcome();
  const [emailError, setEmailError] = useState<string | null>(null);
  const countdown = useCountdown();

  const send = async (address: string) => {
    const sent = await run(() => sendEmailCode(api, address));
    if (sent === null) return;
    setSentTo(address);
    setCode('');
    setStep('code');
    countdown.start(CODE_RESEND_SECONDS);
  };

  return {
    step,
    newEmail,
    sentTo,
    code,
    busy,
    problem,
    emailError,
    resendIn: countdown.remaining,
    open: () => {
      setStep('email');
      setProblem(null);
    },
    cancel: () => {
      setStep('closed');
      setProblem(null);
      setEmailError(null);
      setCode('');
    },
    backToEmail: () => {
      setStep('email');
      setProblem(null);
    },
    setNewEmail: (value: string) => {
      setNewEmailState(value);
      setEmailError(null);
    },
    setCode: (value: string) => {
      setCode(value);
      // The user is correcting the code: the message about the last one is stale.
      setProblem(null);
    },
    requestCode: async () => {
      setProblem(null);
      const check = validateEmail(newEmail);
      if (!check.ok) {
        setEmailError(check.error);
        getBus().publish('toast', { kind: 'error', messageKey: check.error });
        return;
      }
      if (check.value.toLowerCase() === stripWhitespace(currentEmail).toLowerCase()) {
        setProblem({ key: 'userInfo.sameEmail', ns: 'account' });
        return;
      }
      await send(check.value);
    },
    resend: () => void send(sentTo),
    submitCode: async () => {
      if (code.length !== CODE_LENGTH) {
        setProblem({ key: 'form.codeIncomplete', ns: 'account' });
        return;
      }
      const user = await run(() => changeEmail(api, sentTo, code));
      if (!user) return;
      setStep('closed');
      setNewEmailState('');
      setCode('');
      onChanged(user);
    },
  };
}
