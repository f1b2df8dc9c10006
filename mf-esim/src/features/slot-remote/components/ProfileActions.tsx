import { useState } from 'react';
import styled from 'styled-components';
import { publish, type EsimProfile } from 'shared-contracts';
import { Button, DialogActions, Muted, SentenceWithNames } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { getApiClient } from '../../../lib/api-client';
import { useRemoteTranslation } from '../../../lib/remote';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  button {
    flex: 1 1 auto;
    min-block-size: ${({ theme }) => theme.touch};
  }
`;

const DangerButton = styled(Button)`
  border-color: ${({ theme }) => theme.color.danger};
  color: ${({ theme }) => theme.color.danger};
`;

type Action = 'enable' | 'disable' | 'delete';

/**
 * What the slot's owner can do with an installed profile (/eid/action): use it (enable), stop using it (disable), or
 * delete it for good, after a confirmation. An enabled profile is disabled before it can be deleted, so Delete only
 * shows on one not in use. A deleted profile has nothing left to do.
 */
export function ProfileActions({
  eid,
  profile,
  name,
  onChanged,
}: {
  eid: string;
  profile: EsimProfile;
  name: string;
  onChanged: () => void;
}) {
  const { t } = useRemoteTranslation();
  const [busy, setBusy] = useState<Action | null>(null);
  const [confirming, setConfirming] = useState(false);
  if (profile.action === 'delete' || !profile.iccid) return null;
  const installed = profile.state === 'enabled' || profile.state === 'disabled';

  const run = async (action: Action) => {
    setBusy(action);
    const result = await getApiClient().call('eidAction', { eid, iccid: profile.iccid, action });
    setBusy(null);
    setConfirming(false);
    if (!result.ok) return;
    publish('toast', { kind: 'success', messageKey: `esim:actions.done.${action}`, values: { name } });
    onChanged();
  };

  return (
    <Row data-testid="profile-actions">
      {profile.state === 'enabled' && (
        <Button type="button" $variant="secondary" disabled={busy !== null} onClick={() => void run('disable')}>
          {t('actions.disable')}
        </Button>
      )}
      {profile.state === 'disabled' && (
        <Button type="button" disabled={busy !== null} onClick={() => void run('enable')}>
          {t('actions.enable')}
        </Button>
      )}
      {profile.state !== 'enabled' && (installed || profile.action === 'install_fail') && (
        <DangerButton
          type="button"
          $variant="secondary"
          disabled={busy !== null}
          onClick={() => setConfirming(true)}
          data-testid="profile-delete"
        >
          {t('actions.delete')}
        </DangerButton>
      )}
      {confirming && (
        <Dialog
          title={
            // The profile's name (the user's, or 'eSIM' and the last digits) is not to be translated.
            <SentenceWithNames t={t} i18nKey="actions.deleteTitle" values={{ name }} names={{ name: true }} />
          }
          closeLabel={t('slotSettings.close')}
          onClose={() => setConfirming(false)}
        >
          <Muted>{t('actions.deleteLine')}</Muted>
          <DialogActions
            cancelLabel={t('slotSettings.cancel')}
            onCancel={() => setConfirming(false)}
            confirmLabel={t('actions.delete')}
            onConfirm={() => void run('delete')}
            busy={busy === 'delete'}
            confirmTestId="profile-delete-confirm"
          />
        </Dialog>
      )}
    </Row>
  );
}
