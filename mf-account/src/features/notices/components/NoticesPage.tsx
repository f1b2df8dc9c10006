import { ComingSoon } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** /card/msg: frame and placeholder; the content comes with its own issue. */
export function NoticesPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="notices" title={t('pages.notices.title')} nav="back">
      <ComingSoon line={t('pages.notices.line')} />
    </PageFrame>
  );
}
