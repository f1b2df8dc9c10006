import { useTranslation } from 'react-i18next';
import { type CheckoutRequest, type PayMethod } from 'shared-contracts';
import { DialogActions, ErrorLine, VisuallyHidden } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { Pairs } from '../../../components/parts';
import { useRemoteTranslation } from '../../../lib/remote';
import { type BillingAddress } from '../hooks/use-checkout-flow';
import { money, type Amounts } from '../lib/amounts';
import { GoodsSummary } from './GoodsSummary';
import { PriceLines } from './PriceLines';

/**
 * The purchase confirmation sheet: everything that will be charged, once more, with the method, the renewal choice
 * and the billing address; Pay creates the order and leaves for the provider's page.
 */
export function ConfirmSheet({
  request,
  amounts,
  renewal,
  method,
  address,
  paying,
  error,
  onPay,
  onBack,
}: {
  request: CheckoutRequest;
  amounts: Amounts;
  renewal: boolean;
  method: PayMethod;
  address: BillingAddress | null;
  paying: boolean;
  error: string | null;
  onPay: () => void;
  onBack: () => void;
}) {
  const { t } = useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  const { goods, lang } = request;
  const total = money(amounts.total, amounts.currency, lang);
  return (
    <Dialog
      title={t('confirm.title')}
      closeLabel={t('confirm.back')}
      onClose={onBack}
      placement="sheet"
      testId="confirm-sheet"
    >
      <GoodsSummary goods={goods} iccid={request.iccid} eid={request.eid} testPrefix="confirm" />
      <Pairs>
        <dt>{t('sheet.method')}</dt>
        <dd data-testid="confirm-method">{method === 'paypal' ? 'PayPal' : t('sheet.methodCard')}</dd>
        <dt>{t('sheet.renewal')}</dt>
        <dd data-testid="confirm-renewal">{renewal ? t('confirm.renewalOn') : t('confirm.renewalOff')}</dd>
        {address && (
          <>
            <dt>{t('confirm.billing')}</dt>
            <dd data-testid="confirm-address">
              <bdi>
                {[address.line1, address.city, address.region, address.postalCode, address.country]
                  .filter(Boolean)
                  .join(', ')}
              </bdi>
            </dd>
          </>
        )}
      </Pairs>
      <PriceLines goods={goods} amounts={amounts} renewal={renewal} lang={lang} testPrefix="confirm" />
      {error && (
        <ErrorLine role="alert" data-testid="confirm-error">
          {tc(error)}
        </ErrorLine>
      )}
      <DialogActions
        cancelLabel={t('confirm.back')}
        onCancel={onBack}
        cancelTestId="confirm-back"
        confirmLabel={paying ? t('confirm.paying') : total ? t('confirm.pay', { total }) : t('confirm.payFree')}
        onConfirm={onPay}
        busy={paying}
        confirmTestId="checkout-pay"
      />
      {paying && <VisuallyHidden role="status">{t('confirm.paying')}</VisuallyHidden>}
    </Dialog>
  );
}
