import { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { formatPrice, validityText, type NewPackage, type OldPackage } from 'shared-contracts';
import { Card as Panel, Muted } from 'shared-contracts/ui';
import { useRemoteTranslation } from '../../../lib/remote';
import { useCheckout, type CheckoutContext } from '../hooks/use-checkout';
import { type ModalRequest } from '../modals/request';
import { usePackages } from '../hooks/use-packages';
import { BuyBar } from './BuyBar';
import { goodsFromNew, goodsFromOld } from './goods';
import { PackageTile } from './PackageTile';

const ALL = 'All';

const Tabs = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  overflow-x: auto;
  min-inline-size: 0;
  padding-block-end: ${({ theme }) => theme.space.xs};
  button {
    flex: none;
    min-block-size: ${({ theme }) => theme.touch};
    padding-inline: ${({ theme }) => theme.space.lg};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    cursor: pointer;
  }
  button[aria-selected='true'] {
    border-color: ${({ theme }) => theme.color.primary};
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.onPrimary};
    font-weight: 600;
  }
`;

// min-inline-size 0: the grid must not widen the page to its packages' natural width.
const Section = styled.section`
  min-inline-size: 0;
`;

const Grid = styled.div`
  display: grid;
  min-inline-size: 0;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Heading = styled.h3`
  margin: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.md};
`;

const OldItem = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  min-block-size: ${({ theme }) => theme.touch};
  padding: ${({ theme }) => theme.space.md};
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
  input {
    inline-size: 20px;
    block-size: 20px;
    accent-color: ${({ theme }) => theme.color.primary};
  }
  span {
    flex: 1;
    display: grid;
    gap: 2px;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const TabRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  min-inline-size: 0;
  > [role='tablist'] {
    flex: 1;
  }
`;

const MoreButton = styled.button`
  flex: none;
  display: grid;
  place-items: center;
  inline-size: ${({ theme }) => theme.touch};
  block-size: ${({ theme }) => theme.touch};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 50%;
  background: ${({ theme }) => theme.color.surface};
  cursor: pointer;
  svg {
    inline-size: 20px;
    block-size: 20px;
    stroke: ${({ theme }) => theme.color.text};
    stroke-width: 2;
    stroke-linecap: round;
  }
`;

const Coverage = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-block-start: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.sm};
  button {
    min-block-size: ${({ theme }) => theme.touch};
    padding-inline: ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.color.primary};
    border-radius: ${({ theme }) => theme.radius.pill};
    background: transparent;
    color: ${({ theme }) => theme.color.primaryDark};
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
`;

type Selection = { kind: 'new'; item: NewPackage } | { kind: 'old'; item: OldPackage } | null;

/** Packages of the card (new view: tabs, recommended, two-column grid; old view: a plain list) and buying. */
export default function PurchasePanel({
  context,
  initialType,
  initialPkg = null,
  onModal,
}: {
  context: CheckoutContext;
  initialType: string | null;
  /** A package handed over by a partner page (?pkg=<id>): chosen, and its sheet opened once, when it is listed. */
  initialPkg?: number | null;
  onModal: (request: ModalRequest) => void;
}) {
  const { t, i18n } = useRemoteTranslation();
  const lang = i18n.language;
  const state = usePackages({ iccid: context.iccid, lang: context.lang, ccy: context.ccy, enabled: true });
  const buy = useCheckout(context);
  const [selection, setSelection] = useState<Selection>(null);
  const [tab, setTab] = useState<string | null>(null);
  const oldView = context.card.agent_version === 1;
  const paypal = context.agent?.paypal ?? false;

  const tabs = useMemo(() => {
    if (state.status !== 'ready') return [];
    const list = state.packages.typeList.filter((name) => name !== ALL);
    return [ALL, ...list];
  }, [state]);
  const activeTab = tab ?? (initialType && tabs.includes(initialType) ? initialType : ALL);

  const handedOver = useRef(false);
  useEffect(() => {
    if (handedOver.current || initialPkg === null || state.status !== 'ready') return;
    handedOver.current = true;
    const { packages } = state;
    const fresh = [...packages.newList, ...packages.recommendList].find((item) => item.id === initialPkg);
    const old = packages.list.find((item) => item.id === initialPkg);
    if (fresh && !oldView) {
      setSelection({ kind: 'new', item: fresh });
      buy(goodsFromNew(fresh, lang, paypal), fresh.category);
    } else if (old && oldView) {
      setSelection({ kind: 'old', item: old });
      buy(goodsFromOld(old, lang, paypal));
    }
  }, [initialPkg, state, oldView, buy, lang, paypal]);

  if (state.status === 'loading') return <Panel aria-busy="true" aria-label={t('pkg.loading')} />;
  if (state.status === 'failed')
    return (
      <Panel role="alert">
        <Muted>{t('pkg.failed')}</Muted>
      </Panel>
    );

  const { packages } = state;
  const shown = activeTab === ALL ? packages.newList : packages.newList.filter((item) => item.category === activeTab);
  const selectedId = selection?.item.id ?? null;
  const selectedType = selection?.item.pkg_type_id ?? null;
  const summary =
    selection?.kind === 'new'
      ? t('pkg.buyFor', { price: goodsFromNew(selection.item, lang, paypal).price_str || t('pkg.free') })
      : selection?.kind === 'old'
        ? t('pkg.buyFor', {
            price: formatPrice(selection.item.price, selection.item.currency, { lang }) ?? t('pkg.free'),
          })
        : t('pkg.choose');
  const onBuy = () => {
    if (selection?.kind === 'new') buy(goodsFromNew(selection.item, lang, paypal), selection.item.category);
    else if (selection?.kind === 'old') buy(goodsFromOld(selection.item, lang, paypal));
  };
  const select = (item: NewPackage) => setSelection({ kind: 'new', item });

  return (
    <Section aria-labelledby="packages-title" data-testid="packages">
      <Heading id="packages-title">{t('pkg.title')}</Heading>
      {oldView ? (
        packages.list.length === 0 ? (
          <Muted>{t('pkg.empty')}</Muted>
        ) : (
          <Panel>
            {packages.list.map((item) => (
              <OldItem key={item.id} data-testid={`old-package-${item.id}`}>
                <input
                  type="radio"
                  name="old-package"
                  checked={selectedId === item.id}
                  onChange={() => setSelection({ kind: 'old', item })}
                />
                <span>
                  <strong>{item.name}</strong>
                  <small>{[item.area, validityText(item, lang), item.desc].filter(Boolean).join(' · ')}</small>
                </span>
                <strong>{formatPrice(item.price, item.currency, { lang }) ?? t('pkg.free')}</strong>
              </OldItem>
            ))}
          </Panel>
        )
      ) : (
        <>
          {packages.recommendList.length > 0 && (
            <>
              <Heading as="h4">{t('pkg.recommended')}</Heading>
              <Grid data-testid="recommended">
                {packages.recommendList.map((item) => (
                  <PackageTile key={`r${item.id}`} item={item} selected={selectedId === item.id} onSelect={select} />
                ))}
              </Grid>
            </>
          )}
          {tabs.length > 1 && (
            <TabRow>
              <Tabs role="tablist" aria-label={t('pkg.categories')}>
                {tabs.map((name) => (
                  <button
                    key={name}
                    type="button"
                    role="tab"
                    aria-selected={name === activeTab}
                    onClick={() => setTab(name)}
                  >
                    {name === ALL ? t('pkg.all') : (packages.typeLabels?.[name] ?? name)}
                  </button>
                ))}
              </Tabs>
              <MoreButton
                type="button"
                aria-label={t('pkg.allCategories')}
                data-testid="category-picker-button"
                onClick={() =>
                  onModal({
                    kind: 'categories',
                    categories: tabs,
                    labels: packages.typeLabels,
                    active: activeTab,
                    allLabel: t('pkg.all'),
                    onPick: setTab,
                  })
                }
              >
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M4 7h16M4 12h16M4 17h16" />
                </svg>
              </MoreButton>
            </TabRow>
          )}
          {shown.length === 0 ? (
            <Muted>{t('pkg.empty')}</Muted>
          ) : (
            <Grid role={tabs.length > 1 ? 'tabpanel' : undefined} data-testid="package-grid">
              {shown.map((item) => (
                <PackageTile key={item.id} item={item} selected={selectedId === item.id} onSelect={select} />
              ))}
            </Grid>
          )}
        </>
      )}
      {selectedType !== null && (
        <Coverage data-testid="coverage-links">
          <span>{t('pkg.coverage')}</span>
          <button
            type="button"
            data-testid="coverage-country-button"
            onClick={() => onModal({ kind: 'coverage', pkgTypeId: selectedType, mode: 'country' })}
          >
            {t('pkg.countries')}
          </button>
          <button
            type="button"
            data-testid="coverage-network-button"
            onClick={() => onModal({ kind: 'coverage', pkgTypeId: selectedType, mode: 'network' })}
          >
            {t('pkg.networks')}
          </button>
        </Coverage>
      )}
      <BuyBar canBuy={selection !== null} onBuy={onBuy} summary={summary} />
    </Section>
  );
}
