import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  CLIENT_MESSAGES,
  DEFAULT_FLAG,
  getBus,
  getStorage,
  normalizeLanguage,
  POOL_PAY_SHEET_DELAY_MS,
  publish,
  STORAGE_KEYS,
  type ApiClient,
  type Goods,
  type PoolPlan,
} from 'shared-contracts';
import { Card, Muted, OfferTag, OfferTile } from 'shared-contracts/ui';
import { getApiClient } from '../../lib/api-client';
import { useRemoteTranslation } from '../../lib/remote';

// The dialog's code loads on the first tap of a plan for a card.
const AddToPoolDialog = lazy(() => import('./AddToPoolDialog').then((m) => ({ default: m.AddToPoolDialog })));

export interface PoolPlanListProps {
  /** The card the plan is for (the card page's shared-plan tab); absent in the shared-pool shop. */
  iccid?: string;
  /** Refill of an existing pool: the plan is bought for it (no new pool is created). */
  poolObjectId?: string;
  ccy: string;
  lang: string;
  client?: ApiClient;
  /** The plans, once loaded (the pool detail page takes their coverage from them). */
  onPlans?: (plans: PoolPlan[]) => void;
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Plan = styled(OfferTile)`
  min-block-size: 132px;
  padding-block-start: ${({ theme }) => theme.space.xl};
  strong {
    font-size: ${({ theme }) => theme.font.lg};
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
  b {
    margin-block-start: auto;
    color: ${({ theme }) => theme.color.primaryDark};
    font-size: ${({ theme }) => theme.font.lg};
  }
`;

const Lines = styled.span`
  display: flex;
  gap: 2px;
  color: ${({ theme }) => theme.color.primary};
  font-size: 12px;
`;

type Load = { status: 'loading' } | { status: 'ready'; list: PoolPlan[] } | { status: 'failed' };

function goodsOf(plan: PoolPlan, lang: string): Goods {
  return {
    id: plan.id,
    name: `${plan.main_title} ${plan.secondary_title}`.trim(),
    validity: '',
    area: '',
    carriers: '',
    htu: '',
    desc: '',
    price: plan.price,
    price_str: plan.price_str,
    renew_price_str: '',
    renewal: false,
    taxRate: 0,
    subscribe_tips: '',
    show_paypal: true,
    mode: 1,
    lang,
    currency: plan.currency,
    pool_type_id: plan.pool_type_id,
  };
}

/**
 * Shared-pool plan list: a two-column grid of plan cards (tag, titles, lines, price). Choosing a plan needs a login
 * ('Please log in first.' and the login page otherwise), then asks checkout for it.
 */
export default function PoolPlanList({ iccid, poolObjectId, ccy, lang, client, onPlans }: PoolPlanListProps) {
  const { t } = useRemoteTranslation();
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [adding, setAdding] = useState<PoolPlan | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The pool this list created whose sheet may have closed unpaid: a new tap replaces it (paying leaves the page).
  const pending = useRef<string | null>(null);
  const plansSeen = useRef(onPlans);
  plansSeen.current = onPlans;
  const api = client ?? getApiClient();

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    let cancelled = false;
    const owner = poolObjectId ? { pool_object_id: poolObjectId } : iccid ? { iccid } : {};
    void api.call('getPoolPkgList', { ccy, lang: normalizeLanguage(lang), ...owner }).then((result) => {
      if (cancelled) return;
      setLoad(result.ok ? { status: 'ready', list: result.data.list } : { status: 'failed' });
      if (result.ok) plansSeen.current?.(result.data.list);
    });
    return () => {
      cancelled = true;
    };
  }, [api, iccid, poolObjectId, ccy, lang]);

  /** The shared-pool shop's pay sheet: flag '2' and the pool the plan is bought for (spec section 7, createPay). */
  const openSheet = (plan: PoolPlan, pool: string | undefined) =>
    getBus().publish('checkout:open', {
      requestId: globalThis.crypto?.randomUUID?.() ?? `${Date.now()}`,
      goods: goodsOf(plan, lang),
      iccid: iccid ?? null,
      flag: DEFAULT_FLAG,
      ...(pool ? { pool_object_id: pool } : {}),
      lang: normalizeLanguage(lang),
      ccy,
      agentVersion: 2,
      paypalAllowed: true,
      renewalActive: false,
      orderTime: null,
      returnPath: iccid
        ? `/${DEFAULT_FLAG}/${iccid}`
        : pool
          ? `/pool/detail?poolId=${encodeURIComponent(pool)}`
          : '/eshop/card/list',
    });

  /**
   * Spec section 4, pool plan tap: a login first; for a card, the add-to-pool dialog (AddToPoolDialog) creates the
   * pool and the pay sheet opens POOL_PAY_SHEET_DELAY_MS later; without a card (or for an existing pool) the sheet
   * opens at once.
   */
  const choose = (plan: PoolPlan) => {
    if (!getStorage().get(STORAGE_KEYS.RECEIPT)) {
      getBus().publish('toast', { kind: 'warning', messageKey: CLIENT_MESSAGES.pleaseLogIn });
      navigate('/user/login');
      return;
    }
    if (!iccid || poolObjectId) openSheet(plan, poolObjectId);
    else setAdding(plan);
  };

  const created = (plan: PoolPlan, pool: string) => {
    setAdding(null);
    // The earlier pending pool's sheet closed unpaid: it goes (the api also lets an abandoned one expire).
    if (pending.current) void api.call('poolDelete', { pool_object_id: pending.current }, { closeMessage: true });
    pending.current = pool;
    publish('pool:changed', { poolObjectId: null });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => openSheet(plan, pool), POOL_PAY_SHEET_DELAY_MS);
  };

  if (load.status === 'loading') return <Card aria-busy="true" aria-label={t('plans.loading')} />;
  if (load.status === 'failed')
    return (
      <Card role="alert">
        <Muted>{t('plans.failed')}</Muted>
      </Card>
    );
  if (load.list.length === 0)
    return (
      <Card data-testid="pool-plans-empty">
        <Muted>{t('plans.empty')}</Muted>
      </Card>
    );
  return (
    <Grid data-testid="pool-plans">
      {load.list.map((plan) => (
        <Plan key={plan.id} type="button" onClick={() => choose(plan)} data-testid="pool-plan">
          {plan.tag && <OfferTag>{plan.tag}</OfferTag>}
          <strong>{plan.main_title}</strong>
          <small>{plan.secondary_title}</small>
          <Lines aria-label={t('plans.lines', { count: plan.pool_lines })} role="img">
            {Array.from({ length: Math.min(plan.pool_lines, 10) }, (_, index) => (
              <span key={index} aria-hidden="true">
                ●
              </span>
            ))}
          </Lines>
          <b>{plan.price_str || t('plans.free')}</b>
        </Plan>
      ))}
      {adding && iccid ? (
        <Suspense fallback={null}>
          <AddToPoolDialog
            iccid={iccid}
            plan={adding}
            onClose={() => setAdding(null)}
            onCreated={(pool) => created(adding, pool)}
          />
        </Suspense>
      ) : null}
    </Grid>
  );
}
