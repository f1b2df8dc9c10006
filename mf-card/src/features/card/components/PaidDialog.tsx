import { useTranslation } from 'react-i18next';
import { type PayReturnProps } from 'shared-contracts';
import { Button, Muted } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { RemoteWidget } from 'shared-contracts/ui/federation';
import { useRemoteTranslation } from '../../../lib/remote';
import { moreText } from '../../../lib/text-more';
import { type PaidReturn } from '../lib/pay-return';

/** Without mf_checkout: the page cannot check the order, but says what the provider said and where it will show. */
function Unchecked({ declined, onClose }: { declined: boolean; onClose: () => void }) {
  const { t } = useRemoteTranslation();
  const { t: tm } = moreText.useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  return (
    <Dialog
      title={declined ? tm('paid.declinedTitle') : tc('paymentSuccessful')}
      closeLabel={t('dialog.close')}
      onClose={onClose}
      testId="paid-dialog"
    >
      <Muted role="status" data-testid="paid-status" data-status="unknown">
        {tm(declined ? 'paid.declined' : 'paid.unknown')}
      </Muted>
      <Button type="button" onClick={onClose}>
        {t('dialog.ok')}
      </Button>
    </Dialog>
  );
}

/**
 * returnType=suc (or fail: a declined payment): the pay return dialog. mf-checkout owns the return handling (it asks /pay/search, names the
 * order, has the card reloaded once paid): its './PayReturn' widget is loaded through federation, and without it
 * the page still says the payment is being confirmed.
 */
export default function PaidDialog({
  iccid,
  paid,
  lang,
  onClose,
  onEmail,
  onPaid,
}: {
  iccid: string;
  paid: PaidReturn;
  lang: string;
  onClose: () => void;
  /** "E-mail me the receipt": the card's e-mail dialog (bind and send) for the order. */
  onEmail: (orderId: string) => void;
  /** The order is paid: the card page loads the card again (its new package). */
  onPaid: () => void;
}) {
  return (
    <RemoteWidget<PayReturnProps>
      id="mf_checkout/PayReturn"
      props={{
        iccid,
        orderId: paid.orderId,
        stored: paid.stored,
        lang,
        onClose,
        onEmail,
        onPaid,
        ...(paid.returnType ? { returnType: paid.returnType } : {}),
      }}
      loading={null}
      fallback={<Unchecked declined={paid.returnType === 'fail'} onClose={onClose} />}
    />
  );
}
