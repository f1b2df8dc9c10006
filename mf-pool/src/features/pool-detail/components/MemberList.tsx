import { useState } from 'react';
import styled from 'styled-components';
import { esimCardState, maskIccid } from 'shared-contracts';
import { Button, CardList, DialogActions, Muted, StatusBadge } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { getApiClient } from '../../../lib/api-client';
import { announcePoolChange } from '../../../lib/pool-events';
import { readableMb } from '../../../lib/page-locale';
import { useRemoteTranslation } from '../../../lib/remote';
import { type Member } from '../hooks/use-pool-detail';

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding-block: ${({ theme }) => theme.space.sm};
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
  &:last-child {
    border-block-end: 0;
  }
`;

const About = styled.div`
  flex: 1 1 11rem;
  min-inline-size: 0;
  display: grid;
  gap: 2px;
  strong {
    overflow-wrap: anywhere;
  }
  bdi {
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  }
`;

const Small = styled(Muted)`
  font-size: ${({ theme }) => theme.font.sm};
`;

/** Each card's share of what the pool's cards used, as an integer percent (0 when nothing was used yet). */
function sharesOf(members: Member[]): Map<string, number> {
  const used = members.reduce((sum, member) => sum + member.card.used, 0);
  return new Map(members.map((m) => [m.card.iccid, used > 0 ? Math.round((m.card.used / used) * 100) : 0]));
}

/** The cards sharing the pool: name, masked ICCID, status, what each used and its share; Remove with a confirmation. */
export function MemberList({
  poolObjectId,
  poolName,
  members,
}: {
  poolObjectId: string;
  poolName: string;
  members: Member[];
}) {
  const { t } = useRemoteTranslation();
  const [removing, setRemoving] = useState<Member | null>(null);
  const [busy, setBusy] = useState(false);
  const shares = sharesOf(members);

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    const result = await getApiClient().call('poolCardRemove', {
      pool_object_id: poolObjectId,
      iccid: removing.card.iccid,
    });
    setBusy(false);
    if (!result.ok) return;
    setRemoving(null);
    announcePoolChange(poolObjectId, 'toast.removed', { card: removing.name, pool: poolName });
  };

  if (!members.length) return <Muted data-testid="members-empty">{t('detail.noMembers')}</Muted>;
  return (
    <>
      <CardList data-testid="members">
        {members.map((member) => {
          const state = esimCardState(member.card);
          return (
            <Row key={member.card.iccid} data-testid="member" data-iccid={member.card.iccid}>
              <About>
                <strong>{member.name}</strong>
                <Small>
                  ICCID <bdi dir="ltr">{maskIccid(member.card.iccid)}</bdi>
                </Small>
                <Small data-testid="member-share">
                  {t('detail.share', {
                    used: readableMb(member.card.used),
                    percent: shares.get(member.card.iccid) ?? 0,
                  })}
                </Small>
              </About>
              <StatusBadge $warn={state.warning}>{t(`common:${state.labelKey}`)}</StatusBadge>
              <Button
                type="button"
                $variant="secondary"
                aria-label={t('detail.removeOf', { name: member.name })}
                onClick={() => setRemoving(member)}
              >
                {t('detail.remove')}
              </Button>
            </Row>
          );
        })}
      </CardList>
      {removing ? (
        <Dialog title={t('detail.removeTitle')} closeLabel={t('ui.close')} onClose={() => setRemoving(null)}>
          <Muted>{t('detail.removeLine', { card: removing.name, pool: poolName })}</Muted>
          <DialogActions
            cancelLabel={t('ui.cancel')}
            onCancel={() => setRemoving(null)}
            confirmLabel={t('detail.remove')}
            onConfirm={() => void remove()}
            busy={busy}
          />
        </Dialog>
      ) : null}
    </>
  );
}
