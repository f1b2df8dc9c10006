import { ComingSoon } from '../../../components/ComingSoon';
import { PageFrame } from '../../../components/PageFrame';
import { useRemoteTranslation } from '../../../lib/i18n';

/** /user/about: frame and placeholder; the content comes with its own issue. */
export function AboutPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="about" title={t('pages.about.title')} nav="back">
      <ComingSoon line={t('pages.about.line')} />
    </PageFrame>
  );
}
