import { ComingSoon } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** /card/set: frame and placeholder; the content comes with its own issue. */
export function CardSettingsPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="cardSettings" title={t('pages.cardSettings.title')}>
      <ComingSoon line={t('pages.cardSettings.line')} />
    </PageFrame>
  );
}
