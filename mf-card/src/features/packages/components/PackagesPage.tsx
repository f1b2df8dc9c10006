import { ComingSoon } from '../../../components/ComingSoon';
import { PageFrame } from '../../../components/PageFrame';
import { useRemoteTranslation } from '../../../lib/i18n';

/** /pkg: frame and placeholder; the content comes with its own issue. */
export function PackagesPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="packages" title={t('pages.packages.title')}>
      <ComingSoon line={t('pages.packages.line')} />
    </PageFrame>
  );
}
