import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { DialogActions, Muted } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { moreText } from '../../../lib/text-more';

const AgreementLink = styled(Link)`
  justify-self: start;
  color: ${({ theme }) => theme.color.primaryDark};
  font-weight: 600;
`;

/**
 * Switching a package's auto-renewal on (spec section 4, as the purchase sheet asks it): what renewing means, the
 * auto-renewal agreement, OK or Cancel (also × and Escape).
 */
export default function RenewalAskDialog({
  name,
  busy,
  onCancel,
  onConfirm,
}: {
  /** The package's name. */
  name: string;
  /** The change is being saved. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = moreText.useRemoteTranslation();
  return (
    <Dialog title={t('packages.renewalAsk.title')} closeLabel={t('close')} onClose={onCancel} testId="renewal-dialog">
      <Muted>{t('packages.renewalAsk.body', { name })}</Muted>
      <Muted>{t('packages.renewalAsk.off')}</Muted>
      {/* A new tab: the question stays open while the agreement is read. */}
      <AgreementLink to="/renew/agreement" target="_blank" rel="noopener">
        {t('packages.renewalAgreement')}
      </AgreementLink>
      <DialogActions
        cancelLabel={t('cancel')}
        onCancel={onCancel}
        cancelTestId="renewal-cancel"
        confirmLabel={busy ? t('working') : t('packages.renewalAsk.ok')}
        onConfirm={onConfirm}
        busy={busy}
        confirmTestId="renewal-ok"
      />
    </Dialog>
  );
}
