import { ComingSoon } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** /order: frame and placeholder; the content comes with its own issue. */
export function OrdersPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="orders" title={t('pages.orders.title')} nav="back">
      <ComingSoon line={t('pages.orders.line')} />
    </PageFrame>
  );
}
