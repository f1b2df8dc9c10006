import { ComingSoon } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** /esim/slot/set: frame and placeholder; the content comes with its own issue. */
export function SlotSettingsPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="slotSettings" title={t('pages.slotSettings.title')} nav="back">
      <ComingSoon line={t('pages.slotSettings.line')} />
    </PageFrame>
  );
}
