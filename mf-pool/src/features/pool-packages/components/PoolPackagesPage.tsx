import { ComingSoon } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** /pkg: frame and placeholder; the content comes with its own issue. */
export function PoolPackagesPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="poolPackages" title={t('pages.poolPackages.title')} nav="back">
      <ComingSoon line={t('pages.poolPackages.line')} />
    </PageFrame>
  );
}
