import { ComingSoon } from '../../../components/ComingSoon';
import { PageFrame } from '../../../components/PageFrame';
import { useRemoteTranslation } from '../../../lib/i18n';

/** /pool/set: frame and placeholder; the content comes with its own issue. */
export function PoolSettingsPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="poolSettings" title={t('pages.poolSettings.title')} nav="back">
      <ComingSoon line={t('pages.poolSettings.line')} />
    </PageFrame>
  );
}
