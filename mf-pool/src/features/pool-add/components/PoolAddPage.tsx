import { ComingSoon } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** /pool/add: frame and placeholder; the content comes with its own issue. */
export function PoolAddPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="poolAdd" title={t('pages.poolAdd.title')} nav="back">
      <ComingSoon line={t('pages.poolAdd.line')} />
    </PageFrame>
  );
}
