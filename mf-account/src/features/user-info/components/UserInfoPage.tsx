import { ComingSoon } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** /user/info: frame and placeholder; the content comes with its own issue. */
export function UserInfoPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="userInfo" title={t('pages.userInfo.title')} nav="back">
      <ComingSoon line={t('pages.userInfo.line')} />
    </PageFrame>
  );
}
