import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  getStorage,
  messageKeyFor,
  NETWORK_ERROR_KEY,
  normalizeLanguage,
  STORAGE_KEYS,
  type OrderRecord,
} from 'shared-contracts';
import { validIccid } from 'shared-contracts/device';
import { Button, ButtonLink, Card, CardList, MessageCard, Muted } from 'shared-contracts/ui';
import { getApiClient } from '../../../lib/api-client';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';
import { type OrderScope } from '../api/orders';
import { useOrders } from '../hooks/use-orders';
import { OrderItem } from './OrderItem';
import { ReceiptDialog } from '../../../components/ReceiptDialog';

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

/**
 * /order and /pay/order: the order records, newest first, each with its status, amount in the order's currency,
 * package, date and the receipt e-mail action. Without a login and without a card there is nothing to ask for: the
 * page offers to log in.
 */
export function OrdersPage() {
  const { t, i18n } = useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  const [query] = useSearchParams();
  const lang = normalizeLanguage(i18n.language);
  const client = useMemo(() => getApiClient(), []);
  const scope = useMemo(() => scopeOf(query), [query]);
  const { state, retry } = useOrders(client, scope, lang);
  const [receiptFor, setReceiptFor] = useState<OrderRecord | null>(null);
  const storage = getStorage();
  const receiptEmail = storage.get(STORAGE_KEYS.USER_EMAIL) ?? storage.get(STORAGE_KEYS.EMAIL) ?? '';
  const cardPage = scope?.kind === 'card' ? `/2/${encodeURIComponent(scope.iccid)}?mode=search` : null;

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
                  onReceipt={setReceiptFor}
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
    </PageFrame>
  );
}
