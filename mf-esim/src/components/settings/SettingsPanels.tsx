import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { NAME_MAX, publish, validateEmail } from 'shared-contracts';
import { Button, Card, DialogActions, Field, Muted, SentenceWithNames } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { EmailDialog } from 'shared-contracts/ui/email-dialog';
import { useRemoteTranslation } from '../../lib/remote';

/**
 * The parts of the two settings pages (/esim/slot/set, /esim/card/set/0): rename, the e-mail, remove from the
 * account. Each page's words live under its own key (`slotSettings`, `cardSettings`), with the same names.
 */
export type SettingsWords = 'slotSettings' | 'cardSettings';

export const SettingsStack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.lg};
`;

const Panel = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.lg};
    overflow-wrap: anywhere;
  }
  p {
    overflow-wrap: anywhere;
  }
`;

const DangerButton = styled(Button)`
  border-color: ${({ theme }) => theme.color.danger};
  color: ${({ theme }) => theme.color.danger};
`;

/** A success toast with a text of this remote's namespace. */
export function announce(messageKey: string, values?: Record<string, string>): void {
  publish('toast', { kind: 'success', messageKey: `esim:${messageKey}`, ...(values ? { values } : {}) });
}

/** Rename: trimmed, at most NAME_MAX characters; empty gives the default name back. */
export function RenamePanel({
  words,
  name,
  defaultName,
  translatedDefault,
  label,
  number,
  onSave,
}: {
  words: SettingsWords;
  /** The stored name ('' for the default). */
  name: string;
  defaultName: string;
  /**
   * The default name is a text of the page's language (a slot's 'eSim Slot N'), not a name to keep as it is (an
   * eSIM's 'eSIM' and last digits). The user's own name is always marked as not to be translated.
   */
  translatedDefault: boolean;
  /** What the number under the name is (ICCID, EID). */
  label: string;
  number: string;
  /** Saves the trimmed name; true when saved. */
  onSave: (name: string) => Promise<boolean>;
}) {
  const { t } = useRemoteTranslation();
  const inputId = useId();
  const hintId = useId();
  const [saved, setSaved] = useState(name);
  const [draft, setDraft] = useState(name);
  const [saving, setSaving] = useState(false);
  const next = draft.trim();
  const unchanged = next === saved.trim();

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || unchanged) return;
    setSaving(true);
    const ok = await onSave(next);
    setSaving(false);
    if (!ok) return;
    setSaved(next);
    setDraft(next);
    announce(next ? `${words}.renamed` : `${words}.nameReset`, { name: next || defaultName });
  };

  return (
    <Panel as="form" onSubmit={(event: FormEvent) => void rename(event)} data-testid="settings-rename">
      <h2 data-testid="settings-name" translate={saved.trim() || !translatedDefault ? 'no' : undefined}>
        {saved.trim() || defaultName}
      </h2>
      <Muted>
        {label} <bdi data-testid="settings-number">{number}</bdi>
      </Muted>
      <Field>
        <label htmlFor={inputId}>{t(`${words}.nameLabel`)}</label>
        <input
          id={inputId}
          value={draft}
          maxLength={NAME_MAX}
          placeholder={defaultName}
          autoComplete="off"
          aria-describedby={hintId}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Muted id={hintId}>{t(`${words}.nameHint`, { name: defaultName, max: NAME_MAX })}</Muted>
      </Field>
      <Button type="submit" disabled={saving || unchanged} aria-busy={saving || undefined} data-testid="settings-save">
        {t(`${words}.save`)}
      </Button>
    </Panel>
  );
}

/** The e-mail the page's mails go to: shown (when known), set after the e-mail rules of spec section 5. */
export function EmailPanel({
  words,
  email,
  onSave,
}: {
  words: SettingsWords;
  /** The current address ('' none; null: not known to the page). */
  email: string | null;
  /** Saves the checked address; true when saved. */
  onSave: (email: string) => Promise<boolean>;
}) {
  const { t } = useRemoteTranslation();
  const [current, setCurrent] = useState(email);
  const [editing, setEditing] = useState(false);
  return (
    <Panel data-testid="settings-email">
      <h2>{t(`${words}.emailTitle`)}</h2>
      <Muted data-testid="settings-email-current">
        {current ? <bdi>{current}</bdi> : current === '' ? t(`${words}.emailNone`) : t(`${words}.emailIntro`)}
      </Muted>
      <Button type="button" $variant="secondary" onClick={() => setEditing(true)} data-testid="settings-email-edit">
        {current ? t(`${words}.emailChange`) : t(`${words}.emailAdd`)}
      </Button>
      {editing ? (
        <EmailDialog
          text={{
            title: t(`${words}.emailTitle`),
            intro: t(`${words}.emailIntro`),
            label: t(`${words}.emailLabel`),
            submit: t(`${words}.save`),
            busy: t(`${words}.saving`),
            cancel: t(`${words}.cancel`),
            close: t(`${words}.close`),
          }}
          initial={current ?? ''}
          validate={validateEmail}
          onSubmit={async (address) => {
            const ok = await onSave(address);
            if (ok) {
              setCurrent(address);
              announce(`${words}.emailSaved`, { email: address });
            }
            return ok;
          }}
          onClose={() => setEditing(false)}
          testId="settings-email"
          doneMessageKey={null}
        />
      ) : null}
    </Panel>
  );
}

/** Remove from the account, after a confirmation. */
export function RemovePanel({
  words,
  name,
  keepName,
  onRemove,
}: {
  words: SettingsWords;
  name: string;
  /** `name` is not a translated text (the user's own, or an eSIM's default): marked as not to be translated. */
  keepName: boolean;
  /** Removes; true when removed (the page then moves on). */
  onRemove: () => Promise<boolean>;
}) {
  const { t } = useRemoteTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    const ok = await onRemove();
    setBusy(false);
    if (ok) announce(`${words}.removed`, { name });
  };
  return (
    <Panel data-testid="settings-remove">
      <h2>{t(`${words}.removeTitle`)}</h2>
      <Muted>{t(`${words}.removeLine`)}</Muted>
      <DangerButton
        type="button"
        $variant="secondary"
        onClick={() => setConfirming(true)}
        data-testid="settings-remove-open"
      >
        {t(`${words}.remove`)}
      </DangerButton>
      {confirming ? (
        <Dialog
          title={
            <SentenceWithNames
              t={t}
              i18nKey={`${words}.removeConfirmTitle`}
              values={{ name }}
              names={{ name: keepName }}
            />
          }
          closeLabel={t(`${words}.close`)}
          onClose={() => setConfirming(false)}
        >
          <Muted>{t(`${words}.removeConfirmLine`)}</Muted>
          <DialogActions
            cancelLabel={t(`${words}.cancel`)}
            onCancel={() => setConfirming(false)}
            confirmLabel={t(`${words}.remove`)}
            onConfirm={() => void remove()}
            busy={busy}
            confirmTestId="settings-remove-confirm"
          />
        </Dialog>
      ) : null}
    </Panel>
  );
}
