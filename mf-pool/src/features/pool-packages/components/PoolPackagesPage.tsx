import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { isUserGivenName, STORAGE_KEYS, type PackageRecord, type PackageRecordGroups } from 'shared-contracts';
import { Actions, ButtonLink, Muted } from 'shared-contracts/ui';
import { PageMessage } from '../../../components/PageMessage';
import { PoolScreen } from '../../../components/PoolScreen';
import { getApiClient } from '../../../lib/api-client';
import { pageLanguage } from '../../../lib/page-locale';
import { poolDetailPath } from '../../../lib/paths';
import { usePoolChanged } from '../../../lib/pool-events';
import { handOverName, readHandOver } from '../../../lib/pool-handover';
import { useRemoteTranslation } from '../../../lib/remote';
import { PoolRecord } from './PoolRecord';

const Group = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.lg};
  }
`;

type Load = { status: 'loading' } | { status: 'ready'; groups: PackageRecordGroups } | { status: 'failed' };

const GROUPS = [
  { key: 'list1', id: 'active' },
  { key: 'list2', id: 'pending' },
  { key: 'list3', id: 'ended' },
] as const;

/** /pkg?poolId=…: the shared plan's packages (poolRecordList) in three groups: active, not started, ended. */
export function PoolPackagesPage() {
  const [search] = useSearchParams();
  return (
    <PoolScreen page="poolPackages" poolObjectId={search.get('poolId')?.trim() || null}>
      {(poolObjectId) => <Records poolObjectId={poolObjectId} />}
    </PoolScreen>
  );
}

function Records({ poolObjectId }: { poolObjectId: string }) {
  const { t, i18n } = useRemoteTranslation();
  const lang = pageLanguage(i18n.language);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const handOver = readHandOver(STORAGE_KEYS.POOL_INFO_ITEM, poolObjectId);
  const name = handOver ? handOverName(handOver, t) : null;
  // The user's own name is not to be translated; the default one already is.
  const translate = isUserGivenName(handOver?.name) ? 'no' : undefined;

  const ask = useCallback(async () => {
    const answer = await getApiClient().call('poolRecordList', { pool_object_id: poolObjectId, lang });
    setLoad(answer.ok ? { status: 'ready', groups: answer.data } : { status: 'failed' });
  }, [poolObjectId, lang]);
  useEffect(() => {
    void ask();
  }, [ask]);
  usePoolChanged(poolObjectId, () => void ask());

  const links = (
    <Actions>
      <ButtonLink to={poolDetailPath(poolObjectId)} $variant="secondary">
        {t('records.toPool')}
      </ButtonLink>
      <ButtonLink to={`${poolDetailPath(poolObjectId)}&mode=refill`}>{t('records.refill')}</ButtonLink>
    </Actions>
  );
  if (load.status === 'loading') return <Muted aria-busy="true">{t('records.loading')}</Muted>;
  if (load.status === 'failed') {
    return <PageMessage line={t('records.failed')} onRetry={() => void ask()} />;
  }
  const { groups } = load;
  if (!groups.list1.length && !groups.list2.length && !groups.list3.length) {
    return (
      <>
        {name ? <Muted translate={translate}>{name}</Muted> : null}
        <PageMessage line={t('records.empty')} testId="pool-records-empty" />
        {links}
      </>
    );
  }
  return (
    <>
      {name ? (
        <Muted data-testid="pool-records-name" translate={translate}>
          {name}
        </Muted>
      ) : null}
      {links}
      {GROUPS.map(({ key, id }) => (
        <RecordGroup key={id} id={id} records={groups[key]} />
      ))}
    </>
  );
}

function RecordGroup({ id, records }: { id: 'active' | 'pending' | 'ended'; records: PackageRecord[] }) {
  const { t } = useRemoteTranslation();
  const headingId = `pool-records-${id}`;
  return (
    <Group aria-labelledby={headingId} data-testid={headingId}>
      <h2 id={headingId}>{t(`records.groups.${id}`, { n: records.length })}</h2>
      {records.length ? (
        records.map((record) => <PoolRecord key={record.id} record={record} />)
      ) : (
        <Muted>{t(`records.groupEmpty.${id}`)}</Muted>
      )}
    </Group>
  );
}
