import { ComingSoon } from '../../../components/ComingSoon';
import { PageFrame } from '../../../components/PageFrame';
import { useRemoteTranslation } from '../../../lib/i18n';

/** /esim/slot/set: frame and placeholder; the content comes with its own issue. */
export function SlotSettingsPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="slotSettings" title={t('pages.slotSettings.title')} nav="back">
      <ComingSoon line={t('pages.slotSettings.line')} />
    </PageFrame>
  );
}
