import { ComingSoon } from '../../../components/ComingSoon';
import { PageFrame } from '../../../components/PageFrame';
import { useRemoteTranslation } from '../../../lib/i18n';

/** /renew/agreement: frame and placeholder; the content comes with its own issue. */
export function RenewalAgreementPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="renewAgreement" title={t('pages.renewAgreement.title')} nav="back">
      <ComingSoon line={t('pages.renewAgreement.line')} />
    </PageFrame>
  );
}
