import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getBus, PASSWORD_MIN, stripWhitespace, validateEmail, type ApiClient } from 'shared-contracts';
import { CODE_LENGTH, CODE_RESEND_SECONDS } from '../../../lib/constants';
import { useOutcome } from '../../../lib/problem';
import { afterLoginPath, startSession, type SessionStart } from '../../../lib/session';
import { useCountdown } from '../../../lib/use-countdown';
import { logIn, resetPassword, sendCode, signUp, verifyCode, type CodeScene } from '../api/auth';

export type Mode = 'login' | 'signup' | 'reset';
export type CodeStepName = 'email' | 'code' | 'password';

interface CodeFlow {
  step: CodeStepName;
  /** The address the code went to: editing the e-mail afterwards starts the flow again. */
  sentTo: string;
  code: string;
  password: string;
}

const freshFlow: CodeFlow = { step: 'email', sentTo: '', code: '', password: '' };

/**
 * The state of /user/login: three modes over one e-mail (typing carries across modes), each code flow remembering
 * its own step, code and new password. Every successful path ends in startSession and the after-login page.
 */
export function useLoginFlow(api: ApiClient) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [mode, setModeState] = useState<Mode>('login');
  const [email, setEmailState] = useState('');
  const [password, setPassword] = useState('');
  const [flows, setFlows] = useState<Record<CodeScene, CodeFlow>>({ signup: freshFlow, reset: freshFlow });
  const { busy, problem, setProblem, run } = useOutcome();
  const [emailError, setEmailError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const countdown = useCountdown();

  const clearMessages = () => {
    setProblem(null);
    setEmailError(null);
    setPasswordError(null);
  };

  const setMode = useCallback(
    (next: Mode) => {
      setModeState(next);
      setProblem(null);
      setEmailError(null);
      setPasswordError(null);
    },
    [setProblem],
  );

  // Editing a field makes the messages about what was there stale (the page's error toast goes too).
  const setEmail = (value: string) => {
    setEmailState(value);
    setEmailError(null);
    setProblem(null);
  };

  const updateFlow = (scene: CodeScene, change: Partial<CodeFlow>) =>
    setFlows((current) => ({ ...current, [scene]: { ...current[scene], ...change } }));

  /** The e-mail as the api gets it, or null after showing why not (inline and as a toast, spec section 5). */
  const checkedEmail = (): string | null => {
    const check = validateEmail(email);
    if (check.ok) return check.value;
    setEmailError(check.error);
    getBus().publish('toast', { kind: 'error', messageKey: check.error });
    return null;
  };

  const finish = (session: SessionStart) => {
    startSession(session);
    navigate(afterLoginPath(search), { replace: true });
  };

  const passwordProblem = (value: string): string | null => {
    if (value === '') return 'form.passwordRequired';
    if (value.length < PASSWORD_MIN) return 'form.passwordTooShort';
    return null;
  };

  const submitLogin = async () => {
    clearMessages();
    const address = checkedEmail();
    if (!address) return;
    // A password shorter than any account's is wrong without asking the api (whose answer would be a second,
    // vaguer message as a toast): the field says so, once.
    const invalid = passwordProblem(password);
    if (invalid) {
      setPasswordError(invalid);
      return;
    }
    const session = await run(() => logIn(api, address, password));
    if (session) finish(session);
  };

  /**
   * Step 1 of sign-up and reset: mail a code. The api never says whether the address has an account (issue 23):
   * its owner learns it from the mail (a sign-up for an address with an account, a reset for one without).
   */
  const requestCode = async (scene: CodeScene) => {
    clearMessages();
    const address = checkedEmail();
    if (!address) return;
    const sent = await run(() => sendCode(api, address, scene));
    if (sent === null) return;
    updateFlow(scene, { step: 'code', sentTo: address, code: '' });
    countdown.start(CODE_RESEND_SECONDS);
  };

  const resendCode = async (scene: CodeScene) => {
    const address = flows[scene].sentTo;
    const sent = await run(() => sendCode(api, address, scene));
    if (sent === null) return;
    updateFlow(scene, { code: '' });
    countdown.start(CODE_RESEND_SECONDS);
  };

  const submitCode = async (scene: CodeScene) => {
    const { sentTo, code } = flows[scene];
    if (code.length !== CODE_LENGTH) {
      setProblem({ key: 'form.codeIncomplete', ns: 'account' });
      return;
    }
    const verified = await run(() => verifyCode(api, sentTo, code, scene));
    if (verified !== null) updateFlow(scene, { step: 'password' });
  };

  const submitNewPassword = async (scene: CodeScene) => {
    const { sentTo, code, password: next } = flows[scene];
    const invalid = passwordProblem(next);
    setPasswordError(invalid);
    if (invalid) return;
    const request = { email: sentTo, code, password: next };
    const session = await run(() => (scene === 'signup' ? signUp(api, request) : resetPassword(api, request)));
    if (session) finish(session);
  };

  /** A code flow's step as shown: a code for another address than the one now typed starts over. */
  const stepOf = useCallback(
    (scene: CodeScene): CodeStepName => {
      const flow = flows[scene];
      return flow.step !== 'email' && flow.sentTo !== stripWhitespace(email) ? 'email' : flow.step;
    },
    [flows, email],
  );

  return {
    mode,
    email,
    password,
    flows,
    busy,
    problem,
    emailError,
    passwordError,
    resendIn: countdown.remaining,
    setMode,
    setEmail,
    setPassword: (value: string) => {
      setPassword(value);
      setPasswordError(null);
      setProblem(null);
    },
    setCode: (scene: CodeScene, code: string) => {
      updateFlow(scene, { code });
      // The user is correcting the code: the message about the last one is stale.
      setProblem(null);
    },
    setNewPassword: (scene: CodeScene, value: string) => {
      updateFlow(scene, { password: value });
      setPasswordError(null);
      setProblem(null);
    },
    backToEmail: (scene: CodeScene) => {
      setProblem(null);
      updateFlow(scene, { step: 'email' });
    },
    submitLogin,
    requestCode,
    resendCode,
    submitCode,
    submitNewPassword,
    stepOf,
  };
}

export type LoginFlow = ReturnType<typeof useLoginFlow>;
