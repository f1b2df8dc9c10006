import { ComingSoon } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** /user/login: frame and placeholder; the content comes with its own issue. */
export function LoginPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="login" title={t('pages.login.title')} nav="back">
      <ComingSoon line={t('pages.login.line')} />
    </PageFrame>
  );
}
