import { ComingSoon } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** /agreement: frame and placeholder; the content comes with its own issue. */
export function AgreementPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="agreement" title={t('pages.agreement.title')} nav="back">
      <ComingSoon line={t('pages.agreement.line')} />
    </PageFrame>
  );
}
