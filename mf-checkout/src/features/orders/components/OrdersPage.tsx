import { ComingSoon } from '../../../components/ComingSoon';
import { PageFrame } from '../../../components/PageFrame';
import { useRemoteTranslation } from '../../../lib/i18n';

/** /order: frame and placeholder; the content comes with its own issue. */
export function OrdersPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="orders" title={t('pages.orders.title')} nav="back">
      <ComingSoon line={t('pages.orders.line')} />
    </PageFrame>
  );
}
