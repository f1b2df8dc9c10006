import { ComingSoon } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** /pool/detail: frame and placeholder; the content comes with its own issue. */
export function PoolDetailPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="poolDetail" title={t('pages.poolDetail.title')} nav="back">
      <ComingSoon line={t('pages.poolDetail.line')} />
    </PageFrame>
  );
}
