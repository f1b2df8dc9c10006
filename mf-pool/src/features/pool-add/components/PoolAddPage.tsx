import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { isUserGivenName, STORAGE_KEYS } from 'shared-contracts';
import { Actions, Button, ButtonLink, Card, Muted, SentenceWithNames } from 'shared-contracts/ui';
import { CandidatePicker } from '../../../components/CandidatePicker';
import { PageMessage } from '../../../components/PageMessage';
import { PoolScreen } from '../../../components/PoolScreen';
import { getApiClient } from '../../../lib/api-client';
import { loadCandidates, type CandidatesLoad } from '../../../lib/candidates';
import { poolDetailPath, SHOP_PATH } from '../../../lib/paths';
import { announce, announcePoolChange } from '../../../lib/pool-events';
import { handOverName, poolIdOf, readHandOver } from '../../../lib/pool-handover';
import { useRemoteTranslation } from '../../../lib/remote';
import { TypedCardDialog } from './TypedCardDialog';

const Sheet = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  border-end-start-radius: 0;
  border-end-end-radius: 0;
`;

/** Submit stays in reach at the bottom of a phone screen while the lists scroll. */
const Submit = styled.div`
  position: sticky;
  inset-block-end: 0;
  padding-block: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.color.surface};
  display: grid;
`;

/**
 * /pool/add (spec section 2, add-card sheet): the cards that may join the pool (select all, a tick each, never more than
 * its free lines) and those that may not with their reasons; the plus button binds a typed ICCID or EID; a shop link;
 * submit joins the chosen cards (poolCardJoin) and goes back to the pool.
 */
export function PoolAddPage() {
  const [search] = useSearchParams();
  return (
    <PoolScreen page="poolAdd" poolObjectId={poolIdOf(search)}>
      {(poolObjectId) => <AddCards poolObjectId={poolObjectId} />}
    </PoolScreen>
  );
}

function AddCards({ poolObjectId }: { poolObjectId: string }) {
  const { t } = useRemoteTranslation();
  const navigate = useNavigate();
  const handOver = readHandOver(STORAGE_KEYS.POOL_INFO_ITEM, poolObjectId);
  const poolName = handOver ? handOverName(handOver, t) : t('ui.thisPool');
  // The user's own name is not to be translated; a default one (or 'this shared plan') already is.
  const poolNamed = isUserGivenName(handOver?.name);
  const [load, setLoad] = useState<CandidatesLoad>({ status: 'loading' });
  const [selected, setSelected] = useState<string[]>([]);
  const [typing, setTyping] = useState(false);
  const [busy, setBusy] = useState(false);

  /** Loads the candidates; `pick` (a card just bound) is ticked when it may join and a line is free. */
  const refresh = useCallback(
    async (pick?: string) => {
      const candidates = await loadCandidates(getApiClient(), { pool_object_id: poolObjectId });
      setLoad(candidates ? { status: 'ready', candidates } : { status: 'failed' });
      if (!candidates) return;
      const valid = new Set(candidates.valid.map((card) => card.iccid));
      setSelected((current) => {
        const kept = current.filter((iccid) => valid.has(iccid));
        const room = candidates.linesLeft === null || kept.length < candidates.linesLeft;
        return pick && valid.has(pick) && room && !kept.includes(pick) ? [...kept, pick] : kept;
      });
    },
    [poolObjectId],
  );

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const join = async () => {
    if (!selected.length) return;
    setBusy(true);
    const joined = await getApiClient().call('poolCardJoin', { pool_object_id: poolObjectId, iccids: selected });
    setBusy(false);
    if (!joined.ok) return;
    announcePoolChange(poolObjectId, 'toast.joined', { count: selected.length, pool: poolName });
    navigate(poolDetailPath(poolObjectId), { replace: true });
  };

  if (load.status === 'failed') {
    return <PageMessage line={t('candidates.failed')} onRetry={() => void refresh()} />;
  }

  return (
    <Sheet data-testid="pool-add">
      <Muted data-testid="pool-add-line">
        <SentenceWithNames t={t} i18nKey="add.line" values={{ pool: poolName }} names={{ name: poolNamed }} />
      </Muted>
      <Actions>
        <Button type="button" $variant="secondary" onClick={() => setTyping(true)} data-testid="pool-add-typed">
          <span aria-hidden="true">+</span> {t('add.typed')}
        </Button>
        <ButtonLink to={SHOP_PATH} $variant="secondary" data-testid="pool-add-shop">
          {t('add.shop')}
        </ButtonLink>
      </Actions>
      {load.status === 'loading' ? (
        <Muted aria-busy="true">{t('candidates.loading')}</Muted>
      ) : (
        <CandidatePicker
          valid={load.candidates.valid}
          invalid={load.candidates.invalid}
          selected={selected}
          onChange={setSelected}
          limit={load.candidates.linesLeft}
        />
      )}
      <Submit>
        <Button
          type="button"
          disabled={!selected.length || busy}
          aria-busy={busy || undefined}
          onClick={() => void join()}
          data-testid="pool-add-submit"
        >
          {selected.length ? t('add.submit', { count: selected.length }) : t('add.submitNone')}
        </Button>
      </Submit>
      {typing ? (
        <TypedCardDialog
          onClose={() => setTyping(false)}
          onBound={(typed) => {
            setTyping(false);
            announce(typed.kind === 'eid' ? 'toast.eidBound' : 'toast.cardBound');
            void refresh(typed.kind === 'iccid' ? typed.value : undefined);
          }}
        />
      ) : null}
    </Sheet>
  );
}
