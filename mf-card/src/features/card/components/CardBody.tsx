import { lazy, Suspense, useCallback, useState } from 'react';
import { Card } from 'shared-contracts/ui';
import styled from 'styled-components';
import { useRemoteTranslation } from '../../../lib/remote';
import { type CheckoutContext } from '../hooks/use-checkout';
import { currentViewer, type Gate } from '../lib/gating';
import { type PaidReturn } from '../lib/pay-return';
import { type ModalRequest } from '../modals/request';
import { CardTools } from './CardTools';
import PurchasePanel from './PurchasePanel';

const PaidDialog = lazy(() => import(/* webpackChunkName: "card-paid" */ './PaidDialog'));
const CardModals = lazy(() => import(/* webpackChunkName: "card-modals" */ '../modals/CardModals'));
const SharedPlans = lazy(() => import(/* webpackChunkName: "card-shared-plans" */ './SharedPlans'));

const PlanTabs = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  padding: 4px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.border};
  button {
    min-block-size: ${({ theme }) => theme.touch};
    border: 0;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: transparent;
    color: ${({ theme }) => theme.color.textMuted};
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  button[aria-selected='true'] {
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    box-shadow: ${({ theme }) => theme.shadow};
  }
`;

/**
 * What follows the card info (its own chunk): the card's tools, the plan tab (packages or the shared plan), the
 * packages with buying, and the page's dialogs.
 */
export default function CardBody({
  context,
  gate,
  refreshing,
  onRefresh,
  initialType,
  initialPkg = null,
  paid,
  onPaidClose,
  onChanged,
}: {
  context: CheckoutContext;
  gate: Gate;
  refreshing: boolean;
  onRefresh: () => void;
  initialType: string | null;
  /** A package handed over by a partner page (?pkg=): its sheet opens once the packages load. */
  initialPkg?: number | null;
  /** returnType=suc: the 'Payment successful' dialog is open for this order. */
  paid: PaidReturn | null;
  onPaidClose: () => void;
  /** A dialog changed what the page shows (a bind, a new e-mail): reload the card. */
  onChanged: () => void;
}) {
  const { t } = useRemoteTranslation();
  const [modal, setModal] = useState<ModalRequest | null>(null);
  const onModal = useCallback((request: ModalRequest) => setModal(request), []);
  const [plan, setPlan] = useState<'packages' | 'shared'>('packages');
  const { card, iccid, ccy, lang } = context;
  const viewer = currentViewer();
  const version = card.agent_version;
  // E-mail and unlock: the card's owner, or anyone while the card is bound to nobody (the server checks the same).
  const canAct = card.user_id === 0 || (viewer.loggedIn && gate === 'show' && card.other_user !== true);
  const canBind = (version !== 2 || gate === 'unbound-view') && viewer.loggedIn && card.user_id === 0;
  // Only a bound card's owner may buy for it (the api answers 10024 to anyone else): no packages on another's card.
  const canBuy = gate !== 'other-user';
  const sharedPlan = version === 2 && gate === 'show' && card.show_share_plan;
  return (
    <>
      <CardTools
        refreshing={refreshing}
        onRefresh={onRefresh}
        canAct={canAct}
        canBind={canBind}
        onOpen={(kind) => onModal(kind === 'email' ? { kind, mode: 'bind' } : { kind })}
      />
      {sharedPlan && (
        <PlanTabs role="tablist" aria-label={t('plan.label')}>
          <button
            type="button"
            role="tab"
            aria-selected={plan === 'packages'}
            onClick={() => setPlan('packages')}
            data-testid="plan-tab-packages"
          >
            {t('plan.packages')}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={plan === 'shared'}
            onClick={() => setPlan('shared')}
            data-testid="plan-tab-shared"
          >
            {t('plan.shared')}
          </button>
        </PlanTabs>
      )}
      {sharedPlan && plan === 'shared' ? (
        <Suspense fallback={<Card aria-busy="true" aria-label={t('pkg.loading')} />}>
          <SharedPlans iccid={iccid} ccy={ccy} lang={lang} />
        </Suspense>
      ) : canBuy ? (
        <PurchasePanel context={context} initialType={initialType} initialPkg={initialPkg} onModal={onModal} />
      ) : null}
      {paid && (
        <Suspense fallback={null}>
          <PaidDialog
            iccid={iccid}
            paid={paid}
            lang={lang}
            onClose={onPaidClose}
            onEmail={(orderId) => {
              onPaidClose();
              onModal({ kind: 'email', mode: 'send', orderId });
            }}
            onPaid={onChanged}
          />
        </Suspense>
      )}
      {modal && (
        <Suspense fallback={null}>
          <CardModals
            request={modal}
            iccid={iccid}
            lang={lang}
            cardEmail={card.card_email}
            onClose={() => setModal(null)}
            onChanged={onChanged}
          />
        </Suspense>
      )}
    </>
  );
}
