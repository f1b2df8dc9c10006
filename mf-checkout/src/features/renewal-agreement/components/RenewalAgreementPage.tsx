import { AgreementText } from '../../../components/AgreementText';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** The sections of the auto-renewal agreement, in reading order (`renewAgreement.sections` in src/locales). */
export const RENEWAL_SECTIONS = ['what', 'notice', 'firstPay', 'off', 'failed', 'cap', 'changes'];

/** /renew/agreement: the auto-renewal agreement (what renews, the e-mail before each charge, turning it off). */
export function RenewalAgreementPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="renewAgreement" title={t('pages.renewAgreement.title')} nav="back">
      <AgreementText
        prefix="renewAgreement"
        sections={RENEWAL_SECTIONS}
        other={{ to: '/agreement', label: t('pages.agreement.title') }}
      />
    </PageFrame>
  );
}
