import { validateOrderEmail, type ApiClient, type Language } from 'shared-contracts';
import { EmailDialog } from 'shared-contracts/ui/email-dialog';
import { useRemoteTranslation } from '../lib/remote';

/**
 * "E-mail me the receipt" of one order (/send/email: id, email, lang), in the shared e-mail dialog: the address is
 * checked by the e-mail rules of spec section 5; an order without an id answers errorOrderId.
 */
export function ReceiptDialog({
  orderId,
  email,
  lang,
  client,
  onClose,
}: {
  orderId: string;
  email: string;
  lang: Language;
  client: ApiClient;
  onClose: () => void;
}) {
  const { t } = useRemoteTranslation();
  return (
    <EmailDialog
      text={{
        title: t('receipt.title'),
        intro: t('receipt.body', { id: orderId }),
        label: t('receipt.email'),
        submit: t('receipt.send'),
        busy: t('receipt.sending'),
        cancel: t('dialog.cancel'),
        close: t('sheet.close'),
      }}
      initial={email}
      validate={(value) => validateOrderEmail(orderId, value)}
      onSubmit={async (address) => (await client.call('sendEmail', { id: orderId, email: address, lang })).ok}
      onClose={onClose}
      testId="receipt"
    />
  );
}
