import { ComingSoon } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** /user/about: frame and placeholder; the content comes with its own issue. */
export function AboutPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="about" title={t('pages.about.title')} nav="back">
      <ComingSoon line={t('pages.about.line')} />
    </PageFrame>
  );
}
