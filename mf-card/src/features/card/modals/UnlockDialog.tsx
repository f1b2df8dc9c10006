import { useState } from 'react';
import { getBus, MAX_UNLOCKS, type CallResponse, type ToastEvent } from 'shared-contracts';
import { DialogActions, Muted } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { getApiClient } from '../../../lib/api-client';
import { moreText } from '../../../lib/text-more';

/** What the page says after an unlock, in mf-card's 'cardMore' namespace (this dialog has loaded it). */
export const UNLOCK_TOASTS: Record<CallResponse<'unlock'>['result'], ToastEvent> = {
  unsuspended: { kind: 'success', messageKey: 'cardMore:unlock.unsuspended' },
  not_suspended: { kind: 'info', messageKey: 'cardMore:unlock.notSuspended' },
};
/** The answer did not say what the network did. */
export const UNLOCK_REQUESTED: ToastEvent = { kind: 'success', messageKey: 'cardMore:unlock.requested' };

/**
 * Unlock confirmation: card/unlock; the server allows MAX_UNLOCKS per card, then answers 10005 (max unlock). The
 * answer says whether the network lifted a suspension or there was none; either way the page reloads the card, so its
 * status follows the network's.
 */
export function UnlockDialog({
  iccid,
  onClose,
  onUnlocked,
}: {
  iccid: string;
  onClose: () => void;
  onUnlocked: () => void;
}) {
  const { t } = moreText.useRemoteTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    // Errors (10005 max unlock, 10024 another account's card) reach the user as the catalogue's toast.
    const result = await getApiClient().call('unlock', { iccid });
    setBusy(false);
    if (!result.ok) return;
    // An api that predates the answer sends null: the unlock was asked for, the reloaded card shows the outcome.
    const said = (result.data as CallResponse<'unlock'> | null)?.result;
    getBus().publish('toast', (said && UNLOCK_TOASTS[said]) || UNLOCK_REQUESTED);
    onClose();
    onUnlocked();
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
