import { ComingSoon } from '../../../components/ComingSoon';
import { PageFrame } from '../../../components/PageFrame';
import { useRemoteTranslation } from '../../../lib/i18n';

/** /pool/detail: frame and placeholder; the content comes with its own issue. */
export function PoolDetailPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="poolDetail" title={t('pages.poolDetail.title')} nav="back">
      <ComingSoon line={t('pages.poolDetail.line')} />
    </PageFrame>
  );
}
