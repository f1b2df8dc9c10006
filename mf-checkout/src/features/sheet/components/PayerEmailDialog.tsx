import { validateEmail } from 'shared-contracts';
import { EmailDialog } from 'shared-contracts/ui/email-dialog';
import { useRemoteTranslation } from '../../../lib/remote';

/**
 * A visitor's e-mail for a purchase that renews (the purchase flow's 'email' step): the method they pay with is
 * saved for this address, which gets the reminder before each renewal and the link that removes the method. Checked
 * by the e-mail rules of spec section 5; the flow goes on when it is given, and Cancel goes back to the sheet.
 */
export function PayerEmailDialog({
  initial,
  onGiven,
  onClose,
}: {
  initial: string;
  onGiven: (email: string) => void;
  onClose: () => void;
}) {
  const { t } = useRemoteTranslation();
  return (
    <EmailDialog
      text={{
        title: t('payer.title'),
        intro: t('payer.intro'),
        label: t('payer.label'),
        submit: t('payer.submit'),
        busy: t('payer.submit'),
        cancel: t('dialog.cancel'),
        close: t('sheet.close'),
      }}
      initial={initial}
      validate={validateEmail}
      onSubmit={async (email) => {
        onGiven(email);
        return true;
      }}
      onClose={onClose}
      testId="checkout-payer-email"
      doneMessageKey={null}
    />
  );
}
