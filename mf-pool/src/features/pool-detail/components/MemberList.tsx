import { useState } from 'react';
import styled from 'styled-components';
import { esimCardState, formatData, maskIccid } from 'shared-contracts';
import { Button, CardList, DialogActions, Muted, SentenceWithNames, StatusBadge } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { getApiClient } from '../../../lib/api-client';
import { announcePoolChange } from '../../../lib/pool-events';
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
  poolNamed,
  members,
}: {
  poolObjectId: string;
  poolName: string;
  /** The pool's name is the user's own (not a translated default): marked as not to be translated. */
  poolNamed: boolean;
  members: Member[];
}) {
  const { t, i18n } = useRemoteTranslation();
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
                <strong translate="no" data-testid="member-name">
                  {member.name}
                </strong>
                <Small>
                  ICCID <bdi dir="ltr">{maskIccid(member.card.iccid)}</bdi>
                </Small>
                <Small data-testid="member-share">
                  {t('detail.share', {
                    // In the page's language ('5,2 GB'): the api's used is MB.
                    used: formatData(member.card.used, i18n.language),
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
          <Muted data-testid="remove-line">
            {/* The card's and the pool's names are the user's words (a default pool name is translated). */}
            <SentenceWithNames
              t={t}
              i18nKey="detail.removeLine"
              values={{ card: removing.name, pool: poolName }}
              names={{ card: true, pool: poolNamed }}
            />
          </Muted>
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
