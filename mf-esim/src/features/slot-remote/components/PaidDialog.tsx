import { useTranslation } from 'react-i18next';
import { SUCCESS_MESSAGES, type PayReturnProps } from 'shared-contracts';
import { Button, Muted } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { RemoteWidget } from 'shared-contracts/ui/federation';
import { useRemoteTranslation } from '../../../lib/remote';
import { type PaidReturn } from '../hooks/use-pay-return';

/** Without mf_checkout: the page cannot check the order, but says where the new profile will show. */
function Unchecked({ declined, onClose }: { declined: boolean; onClose: () => void }) {
  const { t } = useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  return (
    <Dialog
      title={declined ? t('paid.declinedTitle') : tc(SUCCESS_MESSAGES.paymentSuccessful)}
      closeLabel={t('paid.close')}
      onClose={onClose}
      testId="paid-dialog"
    >
      <Muted role="status" data-testid="paid-status" data-status="unknown">
        {t(declined ? 'paid.declined' : 'paid.unknown')}
      </Muted>
      <Button type="button" onClick={onClose}>
        {t('paid.ok')}
      </Button>
    </Dialog>
  );
}

/**
 * returnType=suc (or fail: a declined payment) on a slot's page: mf-checkout's './PayReturn' widget (it asks /pay/search and names the order),
 * loaded through federation; without it the page still says the payment is being confirmed.
 */
export default function PaidDialog({
  paid,
  lang,
  onClose,
  onPaid,
}: {
  paid: PaidReturn;
  lang: string;
  onClose: () => void;
  /** The order is paid: the page asks for the profiles again (the new one). */
  onPaid: () => void;
}) {
  return (
    <RemoteWidget<PayReturnProps>
      id="mf_checkout/PayReturn"
      // No card here (iccid ''): the widget asks for the receipt's address itself.
      props={{
        iccid: '',
        orderId: paid.orderId,
        stored: paid.stored,
        lang,
        onClose,
        onPaid,
        ...(paid.returnType ? { returnType: paid.returnType } : {}),
      }}
      loading={null}
      fallback={<Unchecked declined={paid.returnType === 'fail'} onClose={onClose} />}
    />
  );
}
