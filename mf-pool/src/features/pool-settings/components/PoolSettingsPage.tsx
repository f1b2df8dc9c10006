import { ComingSoon } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** /pool/set: frame and placeholder; the content comes with its own issue. */
export function PoolSettingsPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="poolSettings" title={t('pages.poolSettings.title')} nav="back">
      <ComingSoon line={t('pages.poolSettings.line')} />
    </PageFrame>
  );
}
