import { ComingSoon } from '../../../components/ComingSoon';
import { PageFrame } from '../../../components/PageFrame';
import { useRemoteTranslation } from '../../../lib/i18n';

/** /pool/add: frame and placeholder; the content comes with its own issue. */
export function PoolAddPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="poolAdd" title={t('pages.poolAdd.title')} nav="back">
      <ComingSoon line={t('pages.poolAdd.line')} />
    </PageFrame>
  );
}
