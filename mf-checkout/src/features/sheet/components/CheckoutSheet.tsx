import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getStorage, messageKeyFor, NETWORK_ERROR_KEY, STORAGE_KEYS, type CheckoutSheetProps } from 'shared-contracts';
import { DialogActions, ErrorLine } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { getApiClient } from '../../../lib/api-client';
import { shopUrl } from '../../../lib/links';
import { useRemoteTranslation } from '../../../lib/remote';
import { useCheckoutFlow } from '../hooks/use-checkout-flow';
import { usePay } from '../hooks/use-pay';
import { MethodChoice, AgreementCheck, RenewalCheck } from './Choices';
import { ConfirmSheet } from './ConfirmSheet';
import { ReminderDialog, RenewalDialog, UnusedDialog } from './FlowDialogs';
import { GoodsSummary } from './GoodsSummary';
import { PayerEmailDialog } from './PayerEmailDialog';
import { PriceLines } from './PriceLines';

// The address form (and its country list) loads only when the pay check asks for an address.
const AddressDialog = lazy(() => import(/* webpackChunkName: "checkout-address" */ '../address/AddressDialog'));

/**
 * The payment bottom sheet (mf_checkout/CheckoutSheet). The shell, or the partner embed, mounts it when a
 * checkout:open arrives. It shows what is being bought (spec section 3, Goods in payment sheet) with price, renewal
 * price, tax and total, the renewal tick, the method and the agreement, and runs the purchase flow of section 4:
 * pay check, unused-package warning, address, reminder, confirmation, pay.
 */
export default function CheckoutSheet({ request, onClose }: CheckoutSheetProps) {
  const { t } = useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  const client = useMemo(() => getApiClient(request.apiBase), [request.apiBase]);
  const flow = useCheckoutFlow(request, client);
  const { pay, paying, error } = usePay(request, client);
  const { goods, lang, iccid } = request;
  const agreementUrl = shopUrl('/agreement', request.apiBase);
  const renewalUrl = shopUrl('/renew/agreement', request.apiBase);
  const checkFailed = flow.tried && flow.check.status === 'failed' ? flow.check : null;
  // A returning buyer's last saved address (the pay check's answer) starts the address form.
  const lastAddress = flow.check.status === 'ready' ? (flow.check.data.savedAddress ?? null) : null;

  return (
    <>
      <Dialog
        title={t('sheet.title')}
        closeLabel={t('sheet.close')}
        onClose={onClose}
        placement="sheet"
        testId="checkout-sheet"
      >
        <GoodsSummary goods={goods} iccid={iccid} eid={request.eid} />
        <PriceLines goods={goods} amounts={flow.amounts} renewal={flow.renewal} lang={lang} />
        {goods.renewal && (
          <RenewalCheck
            renewal={flow.renewal}
            forced={flow.forced}
            forcedWarning={flow.forcedWarning}
            renewPrice={goods.renew_price_str}
            onChange={flow.toggleRenewal}
          />
        )}
        {goods.subscribe_tips && (
          <small>
            <bdi>{goods.subscribe_tips}</bdi>
          </small>
        )}
        <MethodChoice method={flow.method} paypal={flow.paypal} onChange={flow.setMethod} />
        <AgreementCheck
          agreed={flow.agreed}
          onChange={flow.setAgreed}
          agreementUrl={agreementUrl}
          renewalUrl={renewalUrl}
        />
        {checkFailed && (
          <ErrorLine role="alert" data-testid="checkout-check-error">
            {tc(checkFailed.network ? NETWORK_ERROR_KEY : messageKeyFor(checkFailed.code))}
          </ErrorLine>
        )}
        <DialogActions
          cancelLabel={t('sheet.close')}
          onCancel={onClose}
          cancelTestId="checkout-close"
          confirmLabel={flow.starting ? t('sheet.checking') : t('sheet.buy')}
          onConfirm={() => void flow.buy()}
          busy={flow.starting}
          disabled={!flow.agreed}
          confirmTestId="checkout-buy"
        />
      </Dialog>
      {flow.step === 'renewal' && (
        <RenewalDialog renewPrice={goods.renew_price_str} renewalUrl={renewalUrl} onAnswer={flow.renewalAnswer} />
      )}
      {flow.step === 'unused' && <UnusedDialog onContinue={flow.acceptUnused} onCancel={flow.backToSheet} />}
      {flow.step === 'email' && (
        <PayerEmailDialog initial={request.email ?? ''} onGiven={flow.emailGiven} onClose={flow.emailClosed} />
      )}
      {flow.step === 'address' && (iccid || request.eid) && (
        <Suspense fallback={null}>
          <AddressDialog
            iccid={iccid}
            eid={request.eid}
            lang={lang}
            client={client}
            email={
              flow.address?.email ??
              flow.payerEmail ??
              lastAddress?.email ??
              request.email ??
              getStorage().get(STORAGE_KEYS.USER_EMAIL) ??
              ''
            }
            start={lastAddress}
            onDone={flow.addressSaved}
            onCancel={flow.backToSheet}
          />
        </Suspense>
      )}
      {flow.step === 'reminder' && (
        <ReminderDialog
          orderTime={request.orderTime}
          lang={lang}
          onContinue={flow.continueAfterReminder}
          onCancel={flow.backToSheet}
        />
      )}
      {flow.step === 'confirm' && (
        <ConfirmSheet
          request={request}
          amounts={flow.amounts}
          renewal={flow.renewal}
          method={flow.method}
          address={flow.address}
          paying={paying}
          error={error}
          onBack={flow.backToSheet}
          onPay={() =>
            void pay({
              method: flow.method,
              renewal: flow.renewal,
              email: flow.address?.email ?? flow.payerEmail ?? request.email,
              total: flow.amounts.total,
            })
          }
        />
      )}
    </>
  );
}
