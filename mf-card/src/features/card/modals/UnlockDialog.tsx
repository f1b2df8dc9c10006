import { useState } from 'react';
import { getBus, MAX_UNLOCKS, SUCCESS_MESSAGES } from 'shared-contracts';
import { DialogActions, Muted } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { getApiClient } from '../../../lib/api-client';
import { moreText } from '../../../lib/text-more';

/** Unlock confirmation: card/unlock; the server allows MAX_UNLOCKS per card, then answers 10005 (max unlock). */
export function UnlockDialog({ iccid, onClose }: { iccid: string; onClose: () => void }) {
  const { t } = moreText.useRemoteTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    // Errors (10005 max unlock, 10024 another account's card) reach the user as the catalogue's toast.
    const result = await getApiClient().call('unlock', { iccid });
    setBusy(false);
    if (!result.ok) return;
    getBus().publish('toast', { kind: 'success', messageKey: SUCCESS_MESSAGES.succOperation });
    onClose();
  };
  return (
    <Dialog title={t('unlock.title')} closeLabel={t('close')} onClose={onClose} testId="unlock-dialog">
      <Muted>{t('unlock.body', { max: MAX_UNLOCKS })}</Muted>
      <DialogActions
        cancelLabel={t('cancel')}
        onCancel={onClose}
        confirmLabel={busy ? t('working') : t('unlock.confirm')}
        onConfirm={() => void confirm()}
        busy={busy}
        confirmTestId="unlock-confirm"
      />
    </Dialog>
  );
}
