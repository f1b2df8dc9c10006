import { Card, Muted } from 'shared-contracts/ui';
import { RemoteWidget } from 'shared-contracts/ui/federation';
import { useRemoteTranslation } from '../../../lib/remote';

/** What mf-pool's shared-plan list takes (its './PoolPlanList' expose). */
export interface PoolPlanListProps {
  iccid: string;
  ccy: string;
  lang: string;
}

/** The shared-plan tab: mf-pool's plan list (two-column grid of plan cards), loaded through federation. */
export default function SharedPlans(props: PoolPlanListProps) {
  const { t } = useRemoteTranslation();
  return (
    <section aria-label={t('plan.shared')} data-testid="shared-plans">
      <RemoteWidget<PoolPlanListProps>
        id="mf_pool/PoolPlanList"
        props={props}
        loading={<Card aria-busy="true" aria-label={t('pkg.loading')} />}
        fallback={
          <Card role="status" data-testid="shared-plans-unavailable">
            <Muted>{t('plan.unavailable')}</Muted>
          </Card>
        }
      />
    </section>
  );
}
