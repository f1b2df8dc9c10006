import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { isUserGivenName, poolDisplayName, STORAGE_KEYS, type PoolPlan } from 'shared-contracts';
import { Button, Card, Muted } from 'shared-contracts/ui';
import { PageMessage, Panel } from '../../../components/PageMessage';
import { PoolCard } from '../../../components/pool-card/PoolCard';
import PoolPlanList from '../../../components/pool-plans/PoolPlanList';
import { PoolScreen } from '../../../components/PoolScreen';
import { CARD_LIST_PATH, poolQuery } from '../../../lib/paths';
import { handOverPool, poolIdOf } from '../../../lib/pool-handover';
import { pageCurrency, pageLanguage } from '../../../lib/page-locale';
import { useRemoteTranslation } from '../../../lib/remote';
import { usePoolDetail } from '../hooks/use-pool-detail';
import { CoverageSheet } from './CoverageSheet';
import { MemberList } from './MemberList';

/** Add cards, Coverage, Settings: one row on a phone when the words fit, else they wrap (long translations). */
const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  > * {
    flex: 1 1 auto;
  }
`;

/**
 * /pool/detail (spec section 2, "pool detail or refill"): the pool card with its 'plan usage' link, its cards with
 * Remove, Add cards, Coverage, Settings, and Refill (the pool's plans). ?mode=refill brings the Refill part into view.
 * The pool comes from ?poolId= or the card list's hand-over (POOL_INFO_ITEM).
 */
export function PoolDetailPage() {
  const [search] = useSearchParams();
  return (
    <PoolScreen page="poolDetail" poolObjectId={poolIdOf(search)}>
      {(poolObjectId) => <Detail poolObjectId={poolObjectId} refill={search.get('mode') === 'refill'} />}
    </PoolScreen>
  );
}

function Detail({ poolObjectId, refill }: { poolObjectId: string; refill: boolean }) {
  const { t, i18n } = useRemoteTranslation();
  const navigate = useNavigate();
  const { pool, index, status, members, membersFailed, reload } = usePoolDetail(poolObjectId);
  const [plans, setPlans] = useState<PoolPlan[]>([]);
  const [coverage, setCoverage] = useState(false);
  const refillHeading = useRef<HTMLHeadingElement>(null);
  const shown = pool !== null;

  // ?mode=refill (the pool card's Refill): the Refill part comes into view and takes the focus, once the pool shows.
  useEffect(() => {
    if (!refill || !shown) return;
    refillHeading.current?.scrollIntoView?.({ block: 'start' });
    refillHeading.current?.focus();
  }, [refill, shown]);

  if (status === 'gone') {
    return <PageMessage line={t('ui.gone')} to={CARD_LIST_PATH} label={t('ui.toList')} testId="pool-gone" />;
  }
  if (!pool) {
    return status === 'failed' ? (
      <PageMessage line={t('detail.failed')} onRetry={() => void reload()} />
    ) : (
      <Card aria-busy="true" aria-label={t('detail.loading')} data-testid="pool-loading" />
    );
  }

  const name = poolDisplayName(pool.name, index, t);
  const linesLeft = Math.max(0, pool.pool_lines - (members?.length ?? pool.used_pool_lines));
  const goWith = (key: 'POOL_INFO_ITEM' | 'SET_POOL_ITEM', path: string) => {
    handOverPool(STORAGE_KEYS[key], pool, index, t);
    navigate(path);
  };
  const query = poolQuery(pool.id);
  const tools = [
    { key: 'addCards', onClick: () => goWith('POOL_INFO_ITEM', `/pool/add${query}`) },
    { key: 'coverage', onClick: () => setCoverage(true), disabled: !plans.length },
    { key: 'settings', onClick: () => goWith('SET_POOL_ITEM', `/pool/set${query}`) },
  ];

  return (
    <>
      <PoolCard pool={pool} index={index} detail />
      <Tools>
        {tools.map(({ key, onClick, disabled }, at) => (
          <Button
            key={key}
            type="button"
            $variant={at ? 'secondary' : undefined}
            disabled={disabled}
            onClick={onClick}
            data-testid={`pool-${key}`}
          >
            {t(`detail.${key}`)}
          </Button>
        ))}
      </Tools>
      <Panel aria-labelledby="pool-members-heading" data-testid="pool-members">
        <h2 id="pool-members-heading">
          {t('detail.members', { used: members?.length ?? pool.used_pool_lines, total: pool.pool_lines })}
        </h2>
        <Muted>{linesLeft > 0 ? t('detail.linesLeft', { count: linesLeft }) : t('detail.noLinesLeft')}</Muted>
        {members ? (
          <MemberList poolObjectId={pool.id} poolName={name} poolNamed={isUserGivenName(pool.name)} members={members} />
        ) : null}
        {!members && !membersFailed ? <Muted aria-busy="true">{t('detail.membersLoading')}</Muted> : null}
        {membersFailed ? (
          <PageMessage line={t('detail.membersFailed')} onRetry={() => void reload()} testId="members-failed" />
        ) : null}
      </Panel>
      <Panel aria-labelledby="pool-refill-heading" id="refill" data-testid="pool-refill">
        <h2 id="pool-refill-heading" ref={refillHeading} tabIndex={-1}>
          {t('detail.refill')}
        </h2>
        <Muted>{t('detail.refillLine')}</Muted>
        <PoolPlanList
          poolObjectId={pool.id}
          ccy={pageCurrency()}
          lang={pageLanguage(i18n.language)}
          onPlans={setPlans}
        />
      </Panel>
      {coverage ? <CoverageSheet plans={plans} onClose={() => setCoverage(false)} /> : null}
    </>
  );
}
