import { useTranslation } from 'react-i18next';
import { getStorage, STORAGE_KEYS } from 'shared-contracts';
import { Button } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { useRemoteTranslation } from '../../../lib/remote';

/** returnType=suc: the 'Payment successful' dialog; it offers to e-mail the order (the order id of the pay return). */
export default function PaidDialog({ onClose, onEmail }: { onClose: () => void; onEmail: (orderId: string) => void }) {
  const { t } = useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  return (
    <Dialog title={tc('paymentSuccessful')} closeLabel={t('dialog.close')} onClose={onClose} testId="paid-dialog">
      <Button type="button" onClick={onClose}>
        {t('dialog.ok')}
      </Button>
      <Button
        type="button"
        $variant="secondary"
        data-testid="paid-email"
        onClick={() => {
          const order = getStorage().getJSON<{ order_id?: string | number }>(STORAGE_KEYS.PAY_RETURN);
          onEmail(order?.order_id !== undefined ? String(order.order_id) : '');
        }}
      >
        {t('dialog.emailReceipt')}
      </Button>
    </Dialog>
  );
}
