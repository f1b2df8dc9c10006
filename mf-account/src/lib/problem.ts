import { useState } from 'react';
import { messageKeyFor, NETWORK_ERROR_KEY, type CallResult, type CallName } from 'shared-contracts';

/** A message a form shows inline: a key of this remote's namespace ('account') or of the shared 'common' one. */
export interface Problem {
  key: string;
  ns: 'account' | 'common';
}

/** The catalogue message of a failed call (the client also toasts it), for the form's own role=alert line. */
function callProblem(result: Extract<CallResult<CallName>, { ok: false }>): Problem {
  return { key: result.network ? NETWORK_ERROR_KEY : messageKeyFor(result.code, result.message), ns: 'common' };
}

/** What an account call gives a form: its data, or the message to show. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; problem: Problem };

export function failed(result: Extract<CallResult<CallName>, { ok: false }>): { ok: false; problem: Problem } {
  return { ok: false, problem: callProblem(result) };
}

/**
 * The busy flag and the inline problem of a form, and `run` for one api step: busy while it runs, the problem of a
 * failed step kept for the form's alert line, the data of a successful one returned (null otherwise).
 */
export function useOutcome() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const run = async <T>(work: () => Promise<Outcome<T>>): Promise<T | null> => {
    setBusy(true);
    setProblem(null);
    try {
      const outcome = await work();
      if (outcome.ok) return outcome.data;
      setProblem(outcome.problem);
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, setProblem, run };
}
