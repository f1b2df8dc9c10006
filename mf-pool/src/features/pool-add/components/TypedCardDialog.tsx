import { useId, useState, type FormEvent } from 'react';
import { EID_LENGTH, parseCardInput, type CardInput } from 'shared-contracts';
import { DialogActions, ErrorLine, Field, Muted } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { getApiClient } from '../../../lib/api-client';
import { useRemoteTranslation } from '../../../lib/remote';

type Typed = Extract<CardInput, { ok: true }>;

/** The message key of what is wrong with a typed number (spec section 5), or null when it may be bound. */
function problemOf(input: CardInput): string | null {
  if (!input.ok) return `common:${input.error}`;
  if (input.kind === 'eid' && !new RegExp(`^\\d{${EID_LENGTH}}$`).test(input.value)) return 'typed.eidDigits';
  return null;
}

/**
 * The add sheet's plus button: a typed ICCID (19–20 characters, bindCard) or EID (32 digits, bindEid) is bound to the
 * account, then shows among the candidates.
 */
export function TypedCardDialog({ onClose, onBound }: { onClose: () => void; onBound: (typed: Typed) => void }) {
  const { t } = useRemoteTranslation();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const bind = async (event: FormEvent) => {
    event.preventDefault();
    const input = parseCardInput(value);
    const wrong = problemOf(input);
    setProblem(wrong);
    if (wrong || !input.ok || busy) return;
    setBusy(true);
    const api = getApiClient();
    const bound =
      input.kind === 'eid'
        ? await api.call('bindEid', { eid: input.value })
        : await api.call('bindCard', { iccid: input.value });
    setBusy(false);
    if (bound.ok) onBound(input);
  };

  return (
    <Dialog title={t('typed.title')} closeLabel={t('ui.close')} onClose={onClose}>
      <form noValidate onSubmit={(event) => void bind(event)} style={{ display: 'grid', gap: 16 }}>
        <Field>
          <label htmlFor={inputId}>{t('typed.label')}</label>
          <input
            id={inputId}
            value={value}
            placeholder="ICCID/EID"
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => setValue(event.target.value)}
          />
          <Muted id={hintId}>{t('typed.hint', { eid: EID_LENGTH })}</Muted>
          {problem ? (
            <ErrorLine id={errorId} role="alert">
              {t(problem, { eid: EID_LENGTH })}
            </ErrorLine>
          ) : null}
        </Field>
        <DialogActions cancelLabel={t('ui.cancel')} onCancel={onClose} confirmLabel={t('typed.submit')} busy={busy} />
      </form>
    </Dialog>
  );
}
