import { useState } from 'react';
import { getBus, ICCID_MIN, CLIENT_MESSAGES } from 'shared-contracts';
import { DialogActions, Muted } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { getApiClient } from '../../../lib/api-client';
import { moreText } from '../../../lib/text-more';

/** Bind-card confirmation: binds this ICCID to the logged-in account (v1/bind/card; at least 19 characters). */
export function BindDialog({ iccid, onClose, onBound }: { iccid: string; onClose: () => void; onBound: () => void }) {
  const { t } = moreText.useRemoteTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (iccid.length < ICCID_MIN) {
      getBus().publish('toast', { kind: 'error', messageKey: CLIENT_MESSAGES.rulesMessageLength });
      return;
    }
    setBusy(true);
    const result = await getApiClient().call('bindCard', { iccid });
    setBusy(false);
    if (!result.ok) return;
    getBus().publish('toast', { kind: 'success', messageKey: 'cardMore:bind.done' });
    onBound();
    onClose();
  };
  return (
    <Dialog title={t('bind.title')} closeLabel={t('close')} onClose={onClose} testId="bind-dialog">
      <Muted>{t('bind.body')}</Muted>
      <p>
        <bdi dir="ltr">{iccid}</bdi>
      </p>
      <DialogActions
        cancelLabel={t('cancel')}
        onCancel={onClose}
        confirmLabel={busy ? t('working') : t('bind.confirm')}
        onConfirm={() => void confirm()}
        busy={busy}
        confirmTestId="bind-confirm"
      />
    </Dialog>
  );
}
