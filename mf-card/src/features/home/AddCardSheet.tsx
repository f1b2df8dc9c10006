import { useState } from 'react';
import { parseCardInput, publish } from 'shared-contracts';
import { Button } from 'shared-contracts/ui';
import { moreText } from '../../lib/text-more';
import { bindCard, bindEid } from './api';
import { Dialog } from 'shared-contracts/ui/dialog';
import { ErrorText, TextInput } from './styles';

/** The Add bottom sheet: one field for an ICCID (19–20 characters) or an EID (longer). */
export function AddCardSheet({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) {
  const { t } = moreText.useRemoteTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const input = parseCardInput(value);
    if (!input.ok) {
      setError(t(`common:${input.error}`));
      return;
    }
    setError(null);
    setBusy(true);
    const result = input.kind === 'eid' ? await bindEid(input.value) : await bindCard(input.value);
    setBusy(false);
    if (!result.ok) return;
    publish('toast', { kind: 'success', messageKey: 'responseDesc.succOperation' });
    onAdded();
  };
  return (
    <Dialog placement="sheet" title={t('add.title')} closeLabel={t('close')} onClose={onClose}>
      <form
        noValidate
        style={{ display: 'grid', gap: 12 }}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextInput
          aria-label={t('add.label')}
          placeholder="ICCID/EID"
          autoComplete="off"
          inputMode="text"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'add-card-error' : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        {error ? (
          <ErrorText id="add-card-error" role="alert">
            {error}
          </ErrorText>
        ) : null}
        <Button type="submit" disabled={busy}>
          {t('add.submit')}
        </Button>
      </form>
    </Dialog>
  );
}
