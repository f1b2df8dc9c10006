import { ComingSoon } from '../../../components/ComingSoon';
import { PageFrame } from '../../../components/PageFrame';
import { useRemoteTranslation } from '../../../lib/i18n';

/** /pkg: frame and placeholder; the content comes with its own issue. */
export function PoolPackagesPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="poolPackages" title={t('pages.poolPackages.title')} nav="back">
      <ComingSoon line={t('pages.poolPackages.line')} />
    </PageFrame>
  );
}
