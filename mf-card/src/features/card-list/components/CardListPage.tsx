import { ComingSoon } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** /eshop/card/list: frame and placeholder; the content comes with its own issue. */
export function CardListPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="cardList" title={t('pages.cardList.title')}>
      <ComingSoon line={t('pages.cardList.line')} />
    </PageFrame>
  );
}
