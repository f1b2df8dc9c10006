import { useParams } from 'react-router-dom';
import { ComingSoon } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** /esim/shop/:eid: frame and placeholder; the content comes with its own issue. */
export function EsimShopPage() {
  const { t } = useRemoteTranslation();
  const { eid = '' } = useParams();
  return (
    <PageFrame page="esimShop" title={t('pages.esimShop.title')} nav="back">
      <ComingSoon line={t('pages.esimShop.line', { eid })} />
    </PageFrame>
  );
}
