import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  CLIENT_MESSAGES,
  getBus,
  getStorage,
  messageKeyFor,
  NETWORK_ERROR_KEY,
  normalizeLanguage,
  STORAGE_KEYS,
  type OrderRecord,
} from 'shared-contracts';
import { validIccid } from 'shared-contracts/device';
import { Button, ButtonLink, Card, CardList, DialogActions, MessageCard, Muted } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { getApiClient } from '../../../lib/api-client';
import { payAgain } from '../../../lib/pay-again';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';
import { cancelOrder, type OrderScope } from '../api/orders';
import { useOrders } from '../hooks/use-orders';
import { OrderItem } from './OrderItem';
import { ReceiptDialog } from '../../../components/ReceiptDialog';

// The pay return dialog: only after the provider sent the browser back here (a pool bought without a card).
const PayReturnDialog = lazy(
  () => import(/* webpackChunkName: "checkout-pay-return" */ '../../../components/pay-return/PayReturnDialog'),
);

const Scope = styled(Muted)`
  overflow-wrap: anywhere;
`;

/** Whose orders to list: a login lists the user's; a visitor sees the card of ?iccid= or of the last card page. */
function scopeOf(query: URLSearchParams): OrderScope | null {
  const storage = getStorage();
  if (storage.get(STORAGE_KEYS.RECEIPT)) return { kind: 'user' };
  const iccid = validIccid(query.get('iccid')) ?? validIccid(storage.get(STORAGE_KEYS.DEVICE_ITEM_ICCID));
  return iccid ? { kind: 'card', iccid } : null;
}

/** The provider's return to this page (returnType=suc|fail; cancel only warns): the order to report on. */
interface Returned {
  type: 'suc' | 'fail';
  orderId: string | null;
}

const toast = (kind: 'success' | 'error' | 'warning' | 'info', messageKey: string) =>
  getBus().publish('toast', { kind, messageKey });

/**
 * /order and /pay/order: the order records, newest first, each with its status, amount in the order's currency,
 * package, date and what can be done with it: the receipt of a paid order, Continue payment or Cancel order for one
 * waiting for payment, Try again after a failed payment. Without a login and without a card there is nothing to ask
 * for: the page offers to log in. The provider sends the browser back here for a pool bought without a card
 * (returnType): the pay return dialog reports on that order.
 */
export function OrdersPage() {
  const { t, i18n } = useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  const [query, setQuery] = useSearchParams();
  const lang = normalizeLanguage(i18n.language);
  const client = useMemo(() => getApiClient(), []);
  const scope = useMemo(() => scopeOf(query), [query]);
  const { state, retry } = useOrders(client, scope, lang);
  const [receiptFor, setReceiptFor] = useState<OrderRecord | null>(null);
  const [cancelFor, setCancelFor] = useState<OrderRecord | null>(null);
  const [cancelling, setCancelling] = useState(false);
  /** The order whose pay page is being opened (one at a time). */
  const [acting, setActing] = useState<string | null>(null);
  const [returned, setReturned] = useState<Returned | null>(null);
  const storage = getStorage();
  const receiptEmail = storage.get(STORAGE_KEYS.USER_EMAIL) ?? storage.get(STORAGE_KEYS.EMAIL) ?? '';
  const cardPage = scope?.kind === 'card' ? `/2/${encodeURIComponent(scope.iccid)}?mode=search` : null;
  /** The card an order no account owns is asked for by (the api checks it holds the order). */
  const cardOf = (order: OrderRecord) => (scope?.kind === 'card' ? scope.iccid : order.iccid || null);

  // A pay return is reported once; then returnType and order_id leave the address (a reload reports nothing).
  const reported = useRef(false);
  useEffect(() => {
    const type = query.get('returnType');
    if (type !== 'suc' && type !== 'fail' && type !== 'cancel') return;
    if (!reported.current) {
      reported.current = true;
      getStorage().remove(STORAGE_KEYS.PAY_RETURN);
      if (type === 'cancel') toast('warning', CLIENT_MESSAGES.orderCancelled);
      else setReturned({ type, orderId: query.get('order_id')?.trim() || null });
    }
    const rest = new URLSearchParams(query);
    rest.delete('returnType');
    rest.delete('order_id');
    setQuery(rest, { replace: true });
  }, [query, setQuery]);

  const pay = async (order: OrderRecord) => {
    if (acting) return;
    setActing(order.order_id);
    const result = await payAgain(client, order.order_id, cardOf(order));
    if (result.kind === 'leaving') return;
    setActing(null);
    if (result.kind === 'paid') {
      toast('info', 'checkout:orders.alreadyPaid');
      void retry();
    } else toast('error', result.message);
  };

  const confirmCancel = async () => {
    if (!cancelFor || cancelling) return;
    setCancelling(true);
    const result = await cancelOrder(client, cancelFor.order_id, cardOf(cancelFor));
    setCancelling(false);
    setCancelFor(null);
    if (!result.ok) {
      toast('error', result.network ? NETWORK_ERROR_KEY : messageKeyFor(result.code, result.message));
      return;
    }
    if (result.status === 'cancelled') toast('success', 'checkout:orders.cancelledDone');
    else if (result.status === 'paid') toast('info', 'checkout:orders.alreadyPaid');
    void retry();
  };

  return (
    <PageFrame page="orders" title={t('pages.orders.title')} nav="back">
      {scope === null ? (
        <MessageCard data-testid="orders-login">
          <Muted>{t('orders.loginLine')}</Muted>
          <ButtonLink to="/user/login">{t('orders.login')}</ButtonLink>
        </MessageCard>
      ) : (
        <>
          <Scope data-testid="orders-scope">
            {scope.kind === 'user' ? t('orders.yours') : t('orders.ofCard', { iccid: scope.iccid })}
          </Scope>
          {state.status === 'loading' && (
            <Card aria-busy="true" aria-label={t('orders.loading')} data-testid="orders-loading" />
          )}
          {state.status === 'failed' && (
            <MessageCard role="alert" data-testid="orders-error">
              <Muted>{t('orders.failed')}</Muted>
              <Muted>{tc(state.network ? NETWORK_ERROR_KEY : messageKeyFor(state.code))}</Muted>
              <Button type="button" $variant="secondary" onClick={() => void retry()} data-testid="orders-retry">
                {t('orders.retry')}
              </Button>
            </MessageCard>
          )}
          {state.status === 'ready' && state.list.length === 0 && (
            <MessageCard data-testid="orders-empty">
              <Muted>{t('orders.empty')}</Muted>
              {cardPage && <ButtonLink to={cardPage}>{t('orders.toCard')}</ButtonLink>}
            </MessageCard>
          )}
          {state.status === 'ready' && state.list.length > 0 && (
            <CardList data-testid="orders-list">
              {state.list.map((order) => (
                <OrderItem
                  key={order.order_id}
                  order={order}
                  lang={lang}
                  showCard={scope.kind === 'user'}
                  busy={acting === order.order_id}
                  onReceipt={setReceiptFor}
                  onContinue={(item) => void pay(item)}
                  onRetry={(item) => void pay(item)}
                  onCancel={setCancelFor}
                />
              ))}
            </CardList>
          )}
        </>
      )}
      {receiptFor && (
        <ReceiptDialog
          orderId={receiptFor.order_id}
          email={receiptEmail}
          lang={lang}
          client={client}
          onClose={() => setReceiptFor(null)}
        />
      )}
      {cancelFor && (
        <Dialog
          title={t('orders.cancelTitle')}
          closeLabel={t('sheet.close')}
          onClose={() => setCancelFor(null)}
          testId="order-cancel-dialog"
        >
          <Muted>{t('orders.cancelBody', { name: cancelFor.name })}</Muted>
          <DialogActions
            cancelLabel={t('orders.keep')}
            onCancel={() => setCancelFor(null)}
            cancelTestId="order-cancel-keep"
            confirmLabel={t('orders.cancelConfirm')}
            onConfirm={() => void confirmCancel()}
            busy={cancelling}
            confirmTestId="order-cancel-confirm"
          />
        </Dialog>
      )}
      {returned && (
        <Suspense fallback={null}>
          <PayReturnDialog
            iccid={scope?.kind === 'card' ? scope.iccid : ''}
            orderId={returned.orderId}
            stored={null}
            lang={lang}
            returnType={returned.type}
            onClose={() => setReturned(null)}
            onPaid={() => void retry()}
          />
        </Suspense>
      )}
    </PageFrame>
  );
}
