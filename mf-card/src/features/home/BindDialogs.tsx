import { useState } from 'react';
import { groupIccid, maskIccid, publish } from 'shared-contracts';
import { Button, Muted } from 'shared-contracts/ui';
import styled from 'styled-components';
import { useRemoteTranslation } from '../../lib/remote';
import { bindCard, bindCardList } from './api';
import { Dialog } from './Dialog';
import { Actions, Iccid } from './styles';

/** At most this many unbound ICCIDs are listed; all of them are bound. */
export const BATCH_SHOWN = 5;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
  }
`;
const Eye = styled.button`
  min-inline-size: ${({ theme }) => theme.touch};
  min-block-size: ${({ theme }) => theme.touch};
  border: 0;
  background: none;
  cursor: pointer;
  font-size: 18px;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
  }
`;

function useBind(run: () => Promise<{ ok: boolean }>, onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const result = await run();
    setBusy(false);
    if (!result.ok) return;
    publish('toast', { kind: 'success', messageKey: 'responseDesc.succOperation' });
    onDone();
  };
  return { busy, confirm };
}

/** Cards bought but not bound to the account: masked list (eye toggle shows each in groups of 4), bind all. */
export function BatchBindDialog({
  iccids,
  onClose,
  onBound,
}: {
  iccids: string[];
  onClose: () => void;
  onBound: () => void;
}) {
  const { t } = useRemoteTranslation();
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  const shown = iccids.slice(0, BATCH_SHOWN);
  const { busy, confirm } = useBind(() => bindCardList(iccids), onBound);
  return (
    <Dialog title={t('home.batch.title')} closeLabel={t('home.close')} onClose={onClose}>
      <Muted>{t('home.batch.line')}</Muted>
      <List>
        {shown.map((iccid, i) => {
          const open = revealed.has(iccid);
          return (
            <li key={iccid}>
              <Iccid data-testid="batch-iccid">{open ? groupIccid(iccid) : maskIccid(iccid)}</Iccid>
              <Eye
                type="button"
                aria-pressed={open}
                aria-label={t('home.batch.show', { n: i + 1 })}
                onClick={() =>
                  setRevealed((current) => {
                    const next = new Set(current);
                    if (open) next.delete(iccid);
                    else next.add(iccid);
                    return next;
                  })
                }
              >
                <span aria-hidden="true">{open ? '🙈' : '👁'}</span>
              </Eye>
            </li>
          );
        })}
      </List>
      <Muted data-testid="batch-count">{t('home.batch.showing', { shown: shown.length, total: iccids.length })}</Muted>
      <Actions>
        <Button type="button" $variant="secondary" onClick={onClose}>
          {t('home.cancel')}
        </Button>
        <Button type="button" disabled={busy} onClick={() => void confirm()}>
          {t('home.batch.confirm')}
        </Button>
      </Actions>
    </Dialog>
  );
}

/** A remembered ICCID (BIND_ICCID): bind it to the account? */
export function SingleBindDialog({
  iccid,
  onClose,
  onBound,
}: {
  iccid: string;
  onClose: () => void;
  onBound: () => void;
}) {
  const { t } = useRemoteTranslation();
  const { busy, confirm } = useBind(() => bindCard(iccid), onBound);
  return (
    <Dialog title={t('home.single.title')} closeLabel={t('home.close')} onClose={onClose}>
      <Muted>
        {t('home.single.line')} <Iccid data-testid="single-iccid">{groupIccid(iccid)}</Iccid>
      </Muted>
      <Actions>
        <Button type="button" $variant="secondary" onClick={onClose}>
          {t('home.cancel')}
        </Button>
        <Button type="button" disabled={busy} onClick={() => void confirm()}>
          {t('home.single.confirm')}
        </Button>
      </Actions>
    </Dialog>
  );
}
