import { ComingSoon } from '../../../components/ComingSoon';
import { PageFrame } from '../../../components/PageFrame';
import { useRemoteTranslation } from '../../../lib/i18n';

/** /card/set: frame and placeholder; the content comes with its own issue. */
export function CardSettingsPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="cardSettings" title={t('pages.cardSettings.title')}>
      <ComingSoon line={t('pages.cardSettings.line')} />
    </PageFrame>
  );
}
