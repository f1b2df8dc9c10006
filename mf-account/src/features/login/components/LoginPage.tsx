import { ComingSoon } from '../../../components/ComingSoon';
import { PageFrame } from '../../../components/PageFrame';
import { useRemoteTranslation } from '../../../lib/i18n';

/** /user/login: frame and placeholder; the content comes with its own issue. */
export function LoginPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="login" title={t('pages.login.title')} nav="back">
      <ComingSoon line={t('pages.login.line')} />
    </PageFrame>
  );
}
