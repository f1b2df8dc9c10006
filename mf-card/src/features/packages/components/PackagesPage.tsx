import { ComingSoon } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** /pkg: frame and placeholder; the content comes with its own issue. */
export function PackagesPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="packages" title={t('pages.packages.title')}>
      <ComingSoon line={t('pages.packages.line')} />
    </PageFrame>
  );
}
