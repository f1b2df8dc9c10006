import { ComingSoon } from '../../../components/ComingSoon';
import { PageFrame } from '../../../components/PageFrame';
import { useRemoteTranslation } from '../../../lib/i18n';

/** /agreement: frame and placeholder; the content comes with its own issue. */
export function AgreementPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="agreement" title={t('pages.agreement.title')} nav="back">
      <ComingSoon line={t('pages.agreement.line')} />
    </PageFrame>
  );
}
