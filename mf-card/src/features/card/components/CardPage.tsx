import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  lazyKept,
  getBus,
  getStorage,
  messageKeyFor,
  NETWORK_ERROR_KEY,
  normalizeLanguage,
  STORAGE_KEYS,
  type PayReturn,
} from 'shared-contracts';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';
import { Button, Card, Muted } from 'shared-contracts/ui';
import { useCard } from '../hooks/use-card';
import { useNotice } from '../hooks/use-notice';
import { type CheckoutContext } from '../hooks/use-checkout';
import { type PaidReturn } from '../lib/pay-return';
import { cardCurrency } from '../lib/currency';
import { currentViewer, gateFor, handOverPackage, opensListView } from '../lib/gating';
import { readLastCard, saveLastCard } from '../lib/last-card';
import { BottomBar } from './BottomBar';
import { CardSummary } from './CardSummary';
import { NoticeStrip } from './NoticeStrip';
import { OfflineCard } from './OfflineCard';
import { loadCardActivities, loadCardBody } from './parts';

// Packages, offers and dialogs load in their own chunks: on a first load the route's prefetch has started them beside
// the card's calls (lib/card-prefetch), otherwise they load once the card is shown.
const CardBody = lazyKept(loadCardBody, (module) => module.default);
const CardActivities = lazyKept(loadCardActivities, (module) => module.default);
const GateNote = lazy(() => import(/* webpackChunkName: "card-gate" */ './GateNotes'));

const Skeleton = styled(Card)`
  block-size: 180px;
  background: linear-gradient(90deg, #eceef1 25%, #f6f7f9 50%, #eceef1 75%) 0 0 / 200% 100%;
`;

// The card's parts arrive one after another (the card, then the notice and packages): while they may, the links
// under them start below the first screen, so the growing content never pushes visible text down (a layout shift).
// An error, a gate note or the list view is short and final: the links follow it.
const Content = styled.div<{ $arriving: boolean }>`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space.lg};
  min-block-size: ${({ $arriving }) => ($arriving ? '100vh' : 'auto')};
`;

const ListLink = styled(Link)`
  display: inline-grid;
  place-items: center;
  min-block-size: ${({ theme }) => theme.touch};
  color: ${({ theme }) => theme.color.primaryDark};
  font-weight: 600;
`;

/** /{flag}/{iccid} (and ?mode=search): card info, packages and buying, by the card's agent version. */
export function CardPage() {
  const { flag = '2', iccid = '' } = useParams();
  const { t, i18n } = useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const location = useLocation();
  const query = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const refill = query.get('mode') === 'search';
  const lang = normalizeLanguage(i18n.language);
  const [paid, setPaid] = useState<PaidReturn | null>(null);
  // A partner page hands a purchase over as ?pkg=<package id>: that package's sheet opens once the packages load.
  const [handOver] = useState(() => handOverPackage(query));

  const onFlag = useCallback(
    (next: string) =>
      navigate(
        { pathname: `/${encodeURIComponent(next)}/${encodeURIComponent(iccid)}`, search: location.search },
        { replace: true },
      ),
    [navigate, iccid, location.search],
  );
  const { state, refreshing, refresh, reload } = useCard({ flag, iccid, lang, onFlag });

  // A pay return reports once (returnType suc, fail or cancel, nothing else): the warning, or the dialog about the
  // order (its id from the provider's return address, else from the PAY_RETURN the sheet stored; fail: a declined
  // payment, which the dialog says and offers to try again); then the parameters leave the address. The hand-over
  // parameter pkg leaves it too.
  const returnType = query.get('returnType');
  const handOverParam = query.has('pkg');
  const reported = useRef(false);
  useEffect(() => {
    const payReturn = returnType === 'cancel' || returnType === 'suc' || returnType === 'fail';
    if (!payReturn && !handOverParam) return;
    // A return is reported once per visit: a development double effect, or a move to the card's own flag that
    // still carries the parameters, must not report it again.
    if (payReturn && !reported.current) {
      reported.current = true;
      const storage = getStorage();
      const stored = storage.getJSON<PayReturn>(STORAGE_KEYS.PAY_RETURN);
      const mine = stored && (!stored.iccid || stored.iccid === iccid) ? stored : null;
      storage.remove(STORAGE_KEYS.PAY_RETURN);
      if (returnType === 'cancel') getBus().publish('toast', { kind: 'warning', messageKey: 'orderCancelled' });
      else {
        const orderId = query.get('order_id')?.trim() || (mine?.order_id ? String(mine.order_id) : '');
        setPaid({ orderId: orderId || null, stored: mine, ...(returnType === 'fail' ? { returnType } : {}) });
      }
    }
    const rest = new URLSearchParams(location.search);
    for (const name of ['returnType', 'order_id', 'pkg']) rest.delete(name);
    const search = rest.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [returnType, handOverParam, iccid, query, location.pathname, location.search, navigate]);

  const context = useMemo<CheckoutContext | null>(() => {
    if (state.status !== 'ready') return null;
    const ccy = cardCurrency(query, state.agent);
    return { card: state.card, iccid, flag: state.flag, agent: state.agent, lang, ccy };
  }, [state, iccid, lang, query]);

  const listView = state.status === 'ready' && opensListView(state.card.agent_version, { refill, handOver });
  const gate = state.status === 'ready' ? gateFor(state.card, currentViewer(), query) : null;

  // Login gating of the new view (spec section 4): an unbound card is remembered for binding after login; a logged-in
  // user opening one goes to their card list, which offers to bind it.
  useEffect(() => {
    if (gate !== 'remember' && gate !== 'card-list') return;
    getStorage().set(STORAGE_KEYS.BIND_ICCID, iccid);
    if (gate === 'card-list') navigate('/eshop/card/list', { replace: true });
  }, [gate, iccid, navigate]);

  // The card shown to this viewer is kept (without personal fields) for offline use; another account's card is not.
  const keepsCard =
    state.status === 'ready' && !listView && (gate === 'show' || gate === 'remember' || gate === 'unbound-view');
  useEffect(() => {
    if (keepsCard && state.status === 'ready') saveLastCard(state.card);
  }, [keepsCard, state]);
  // No network (a traveller without roaming): this card's last known data, if this device showed it before.
  const offline = useMemo(
    () => (state.status === 'failed' && state.network ? readLastCard(iccid, currentViewer()) : null),
    [state, iccid],
  );

  // A purchase that waited for a login goes on once the card shows (not while it is gated: an unbound card is bound
  // on the card list first, which then comes back here). Rare, so its code stays out of the first view.
  const showsCard = gate !== null && gate !== 'login' && gate !== 'card-list';
  // The card with its notice and packages (not the list view, not a login gate).
  const showsBody = showsCard && !listView;
  const notice = useNotice(iccid, lang, context && showsBody ? context.ccy : null);
  useEffect(() => {
    if (showsCard && getStorage().get(STORAGE_KEYS.PENDING_GOODS)) {
      void import('../hooks/use-checkout').then((module) => module.reopenPendingGoods(iccid));
    }
  }, [showsCard, iccid]);

  return (
    <PageFrame page="card" title={refill ? t('pages.refill.title') : t('pages.card.title')}>
      <Content $arriving={state.status === 'loading' || showsBody}>
        {state.status === 'loading' && <Skeleton aria-busy="true" aria-label={t('card.loading')} />}
        {offline && <OfflineCard last={offline} onRetry={reload} />}
        {state.status === 'failed' && !offline && (
          <Card role="alert" data-testid="card-error">
            <Muted>{tc(state.network ? NETWORK_ERROR_KEY : messageKeyFor(state.code))}</Muted>
            <Button type="button" $variant="secondary" onClick={reload} style={{ marginBlockStart: 12 }}>
              {t('card.tryAgain')}
            </Button>
          </Card>
        )}
        {state.status === 'ready' && listView && (
          <Card data-testid="card-list-view">
            <Muted>{t('view.cardList')}</Muted>
            <ListLink to="/eshop/card/list">{t('view.openCardList')}</ListLink>
          </Card>
        )}
        {state.status === 'ready' && !listView && gate === 'login' && (
          <Suspense fallback={<Skeleton aria-busy="true" />}>
            <GateNote gate="login" iccid={iccid} flag={state.flag} />
          </Suspense>
        )}
        {state.status === 'ready' && showsBody && (
          <>
            {gate === 'other-user' && (
              <Suspense fallback={null}>
                <GateNote gate="other-user" iccid={iccid} flag={state.flag} />
              </Suspense>
            )}
            <CardSummary card={state.card} iccid={iccid} canBuy={gate !== 'other-user'} />
            {(gate === 'remember' || gate === 'unbound-view') && (
              <Suspense fallback={null}>
                <GateNote gate={gate} iccid={iccid} flag={state.flag} />
              </Suspense>
            )}
            {context && (
              <Suspense fallback={null}>
                <CardActivities iccid={iccid} showAlert={state.card.show_alert} />
              </Suspense>
            )}
            {/* The notice strip and the packages under it come together: a strip arriving later would push the
              packages down (useNotice waits at most NOTICE_WAIT_MS). */}
            {context && !notice.settled && <Skeleton aria-busy="true" aria-label={t('pkg.loading')} />}
            {context && notice.settled && notice.notice && <NoticeStrip iccid={iccid} notice={notice.notice} />}
            {context && notice.settled && (
              <Suspense fallback={<Skeleton aria-busy="true" aria-label={t('pkg.loading')} />}>
                <CardBody
                  context={context}
                  gate={gate ?? 'show'}
                  refreshing={refreshing}
                  onRefresh={() => void refresh()}
                  initialType={query.get('type')}
                  initialPkg={handOver}
                  paid={paid}
                  onPaidClose={() => setPaid(null)}
                  onChanged={reload}
                />
              </Suspense>
            )}
          </>
        )}
      </Content>
      <BottomBar iccid={iccid} />
    </PageFrame>
  );
}
