import { ComingSoon } from '../../../components/ComingSoon';
import { PageFrame } from '../../../components/PageFrame';
import { useRemoteTranslation } from '../../../lib/i18n';

/** /eshop/card/list: frame and placeholder; the content comes with its own issue. */
export function CardListPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="cardList" title={t('pages.cardList.title')}>
      <ComingSoon line={t('pages.cardList.line')} />
    </PageFrame>
  );
}
