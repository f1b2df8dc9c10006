import { useId, useState, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';
import { useRemoteTranslation } from '../lib/remote';
import { CODE_LENGTH } from '../lib/constants';
import { FieldBox, FieldError, Hint, Input } from './form-styles';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>;

interface FieldProps extends InputProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** Shown under the input in the danger colour and announced with it. */
  error?: string | null;
  hint?: string | null;
  testId?: string;
}

/** The ids that tie a field's label, hint and error together (aria-describedby lists what is shown). */
function useFieldIds(hint: string | null | undefined, error: string | null | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

/** A labelled input with its hint and error, both tied to it by aria-describedby. */
export function TextField({ label, value, onValue, error, hint, testId, ...input }: FieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error);
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      <Input
        {...input}
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid={testId}
        onChange={(event) => onValue(event.target.value)}
      />
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </FieldBox>
  );
}

/** An e-mail input (whitespace is removed on submit by the validator, not while typing). */
export function EmailField(props: Omit<FieldProps, 'type' | 'label'> & { label?: string }) {
  const { t } = useRemoteTranslation();
  return (
    <TextField
      type="email"
      autoComplete="email"
      inputMode="email"
      spellCheck={false}
      autoCapitalize="none"
      {...props}
      label={props.label ?? t('form.email')}
    />
  );
}

const PasswordBox = styled.div`
  position: relative;
  input {
    padding-inline-end: calc(${({ theme }) => theme.touch} + ${({ theme }) => theme.space.sm});
  }
`;

const Toggle = styled.button`
  position: absolute;
  inset-block-start: 0;
  inset-inline-end: 0;
  inline-size: ${({ theme }) => theme.touch};
  block-size: ${({ theme }) => theme.touch};
  display: grid;
  place-items: center;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: -3px;
  }
`;

function Eye({ crossed }: { crossed: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {crossed ? <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" /> : null}
    </svg>
  );
}

/** A password input with a show/hide toggle (its label says what a press does; aria-pressed says the state). */
export function PasswordField({
  label,
  value,
  onValue,
  error,
  hint,
  testId,
  autoComplete = 'current-password',
}: Pick<FieldProps, 'label' | 'value' | 'onValue' | 'error' | 'hint' | 'testId' | 'autoComplete'>) {
  const { t } = useRemoteTranslation();
  const [visible, setVisible] = useState(false);
  const { id, hintId, errorId, describedBy } = useFieldIds(error ? null : hint, error);
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      <PasswordBox>
        <Input
          id={id}
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          spellCheck={false}
          autoCapitalize="none"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-testid={testId}
          onChange={(event) => onValue(event.target.value)}
        />
        <Toggle
          type="button"
          aria-controls={id}
          aria-pressed={visible}
          aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
          onClick={() => setVisible((shown) => !shown)}
        >
          <Eye crossed={visible} />
        </Toggle>
      </PasswordBox>
      {/* One message under the field: the error takes the hint's place (the strength hint of a too-short password
          says what the error says), and is announced when it appears. */}
      {error ? (
        <FieldError id={errorId} role="alert">
          {error}
        </FieldError>
      ) : hint ? (
        <Hint id={hintId} aria-live="polite">
          {hint}
        </Hint>
      ) : null}
    </FieldBox>
  );
}

/** The 6-digit code from the mail: digits only, the phone offers it from the message (one-time-code). */
export function CodeField({
  value,
  onValue,
  error,
  testId,
}: Pick<FieldProps, 'value' | 'onValue' | 'error' | 'testId'>) {
  const { t } = useRemoteTranslation();
  return (
    <TextField
      label={t('form.code')}
      hint={t('form.codeHint', { digits: CODE_LENGTH })}
      value={value}
      onValue={(next) => onValue(next.replace(/\D/g, '').slice(0, CODE_LENGTH))}
      error={error}
      testId={testId}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={CODE_LENGTH}
      dir="ltr"
    />
  );
}
