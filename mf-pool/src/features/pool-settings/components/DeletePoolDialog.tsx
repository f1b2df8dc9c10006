import { useState } from 'react';
import { ERROR_CODES } from 'shared-contracts';
import { DialogActions, ErrorLine, Muted, SentenceWithNames } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { getApiClient } from '../../../lib/api-client';
import { announcePoolChange } from '../../../lib/pool-events';
import { forgetPool } from '../../../lib/pool-handover';
import { useRemoteTranslation } from '../../../lib/remote';

/**
 * Delete after a confirmation. A pool with data left is refused unless confirmed (poolDelete answers 10002): the
 * dialog then says so and offers "Delete anyway" (confirm: true; the data left is lost).
 */
export function DeletePoolDialog({
  poolObjectId,
  name,
  named,
  onClose,
  onDeleted,
}: {
  poolObjectId: string;
  name: string;
  /** `name` is the user's own (not a translated default): marked as not to be translated. */
  named: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useRemoteTranslation();
  const [busy, setBusy] = useState(false);
  const [dataLeft, setDataLeft] = useState(false);

  const remove = async () => {
    setBusy(true);
    const api = getApiClient();
    const result = await api.call(
      'poolDelete',
      { pool_object_id: poolObjectId, ...(dataLeft ? { confirm: true } : {}) },
      { closeMessage: true },
    );
    setBusy(false);
    if (!result.ok) {
      if (!dataLeft && result.code === ERROR_CODES.PARAM_ERROR) setDataLeft(true);
      else api.report(result);
      return;
    }
    forgetPool(poolObjectId);
    announcePoolChange(poolObjectId, 'toast.deleted', { name });
    onDeleted();
  };

  return (
    <Dialog
      title={
        <SentenceWithNames t={t} i18nKey="settings.deleteConfirmTitle" values={{ name }} names={{ name: named }} />
      }
      closeLabel={t('ui.close')}
      onClose={onClose}
    >
      <Muted>{t('settings.deleteConfirmLine')}</Muted>
      {dataLeft ? (
        <ErrorLine role="alert" data-testid="delete-data-left">
          {t('settings.dataLeft')}
        </ErrorLine>
      ) : null}
      <DialogActions
        cancelLabel={t('ui.cancel')}
        onCancel={onClose}
        confirmLabel={dataLeft ? t('settings.deleteAnyway') : t('settings.delete')}
        onConfirm={() => void remove()}
        busy={busy}
        confirmTestId="delete-confirm"
      />
    </Dialog>
  );
}
