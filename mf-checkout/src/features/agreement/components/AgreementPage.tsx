import { AgreementText } from '../../../components/AgreementText';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** The sections of the purchase agreement, in reading order (texts in src/locales, `agreement.sections`). */
export const PURCHASE_SECTIONS = ['what', 'coverage', 'validity', 'fairUse', 'payment', 'refunds', 'orders', 'contact'];

/** /agreement: the purchase agreement the payment sheet links to. */
export function AgreementPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="agreement" title={t('pages.agreement.title')} nav="back">
      <AgreementText
        prefix="agreement"
        sections={PURCHASE_SECTIONS}
        other={{ to: '/renew/agreement', label: t('pages.renewAgreement.title') }}
      />
    </PageFrame>
  );
}
