import { useTranslation } from 'react-i18next';
import { type Problem } from '../lib/problem';
import { FormAlert } from './form-styles';

/** A form's failure, announced (role=alert), in this remote's words or the shared catalogue's. */
export function ProblemLine({ problem, testId }: { problem: Problem | null; testId?: string }) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <FormAlert role="alert" data-testid={testId}>
      {t(problem.key, { ns: problem.ns })}
    </FormAlert>
  );
}
