import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  ALL_CATEGORY,
  freeSlots,
  getBus,
  getStorage,
  normalizeLanguage,
  STORAGE_KEYS,
  type EsimGoods,
} from 'shared-contracts';
import { Card, Muted } from 'shared-contracts/ui';
import { LoadProblem } from '../../../components/slot/LoadProblem';
import { SlotSummary } from '../../../components/slot/SlotSummary';
import { useEidInfo } from '../../../components/slot/use-eid-info';
import { hasLogin, loginPath, slotPaths } from '../../../lib/login';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';
import { useEsimGoods } from '../hooks/use-esim-goods';
import { esimCheckoutRequest } from '../lib/goods';
import { ProductCard } from './ProductCard';
import { Grid, Heading, Note, Stack, Tabs } from './styles';

// The coverage dialog's code loads when a product's coverage is asked for.
const CoverageDialog = lazy(() => import('./CoverageDialog').then((m) => ({ default: m.CoverageDialog })));

/** The page currency: ?ccy, else the chosen currency (shell), else USD. */
function pageCurrency(search: string): string {
  const fromQuery = new URLSearchParams(search).get('ccy')?.trim().toUpperCase();
  const chosen = fromQuery || getStorage().get(STORAGE_KEYS.CURRENCY_KEY)?.toUpperCase() || 'USD';
  return /^[A-Z]{3}$/.test(chosen) ? chosen : 'USD';
}

/** /esim/shop/:eid: the eSIM products a slot can buy (by category), their coverage, and buying one. */
export function EsimShopPage() {
  const { eid = '' } = useParams();
  const { t, i18n } = useRemoteTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const lang = normalizeLanguage(i18n.language);
  const ccy = useMemo(() => pageCurrency(location.search), [location.search]);
  const here = slotPaths.shop(eid);
  const { state: slot, reload: reloadSlot } = useEidInfo(eid);
  const { state: goods, reload: reloadGoods } = useEsimGoods({ eid, lang, ccy });
  const [tab, setTab] = useState<string>(ALL_CATEGORY);
  const [coverage, setCoverage] = useState<EsimGoods | null>(null);
  const ids = useId();

  const tabs = useMemo(() => {
    if (goods.status !== 'ready') return [];
    const named = goods.typeList.filter((name) => name && name !== ALL_CATEGORY);
    return named.length > 0 ? [ALL_CATEGORY, ...named] : [];
  }, [goods]);
  const activeTab = tabs.includes(tab) ? tab : ALL_CATEGORY;

  const free = slot.status === 'ready' ? freeSlots(slot.info) : 0;

  // Buying needs the slot owner's login (the profile's activation code is a credential): without one, log in first
  // and come back here.
  const buy = (item: EsimGoods) => {
    if (slot.status !== 'ready') return;
    if (!hasLogin()) {
      navigate(loginPath(here));
      return;
    }
    getBus().publish(
      'checkout:open',
      esimCheckoutRequest({ eid, lang, ccy, email: slot.info.email, paypalAllowed: true }, item),
    );
  };

  let body;
  if (slot.status === 'loading') body = <Card aria-busy="true" aria-label={t('shop.loading')} />;
  else if (slot.status === 'failed')
    body = <LoadProblem {...slot} here={here} onRetry={reloadSlot} testId="slot-problem" />;
  else {
    const shown =
      goods.status !== 'ready'
        ? []
        : activeTab === ALL_CATEGORY
          ? goods.list
          : goods.list.filter((item) => item.category === activeTab);
    body = (
      <>
        <SlotSummary slot={slot.info} />
        <Heading id="products-title">{t('shop.products')}</Heading>
        {free === 0 && (
          <Note role="note" data-testid="no-free-slot">
            {t('shop.noFreeSlot')} <Link to={slotPaths.remote(eid)}>{t('shop.manageProfiles')}</Link>
          </Note>
        )}
        {!hasLogin() && free > 0 && <Muted data-testid="login-note">{t('shop.loginNote')}</Muted>}
        {goods.status === 'loading' && <Card aria-busy="true" aria-label={t('shop.loading')} />}
        {goods.status === 'failed' && (
          <LoadProblem {...goods} here={here} onRetry={reloadGoods} testId="goods-problem" />
        )}
        {goods.status === 'ready' && tabs.length > 1 && (
          <Tabs role="tablist" aria-label={t('shop.categories')}>
            {tabs.map((name, index) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`${ids}-tab-${index}`}
                aria-selected={name === activeTab}
                aria-controls={`${ids}-panel`}
                onClick={() => setTab(name)}
              >
                {name === ALL_CATEGORY ? t('shop.all') : (goods.typeLabels?.[name] ?? name)}
              </button>
            ))}
          </Tabs>
        )}
        {goods.status === 'ready' &&
          (shown.length === 0 ? (
            <Card data-testid="products-empty">
              <Muted>{t('shop.empty')}</Muted>
            </Card>
          ) : (
            <div
              id={`${ids}-panel`}
              role={tabs.length > 1 ? 'tabpanel' : undefined}
              aria-labelledby={tabs.length > 1 ? `${ids}-tab-${tabs.indexOf(activeTab)}` : undefined}
            >
              <Grid aria-labelledby="products-title" data-testid="products">
                {shown.map((item) => (
                  <li key={item.id}>
                    <ProductCard item={item} canBuy={free > 0} onCoverage={setCoverage} onBuy={buy} />
                  </li>
                ))}
              </Grid>
            </div>
          ))}
      </>
    );
  }

  return (
    <PageFrame page="esimShop" title={t('pages.esimShop.title')} nav="back">
      <Stack>{body}</Stack>
      {coverage && (
        <Suspense fallback={null}>
          <CoverageDialog item={coverage} lang={lang} onClose={() => setCoverage(null)} />
        </Suspense>
      )}
    </PageFrame>
  );
}
