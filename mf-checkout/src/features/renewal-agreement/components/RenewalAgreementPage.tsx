import { ComingSoon } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** /renew/agreement: frame and placeholder; the content comes with its own issue. */
export function RenewalAgreementPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="renewAgreement" title={t('pages.renewAgreement.title')} nav="back">
      <ComingSoon line={t('pages.renewAgreement.line')} />
    </PageFrame>
  );
}
