import { useState } from 'react';
import { Link } from 'react-router-dom';
import { groupIccid, maskIccid, publish } from 'shared-contracts';
import { Button, Muted } from 'shared-contracts/ui';
import styled from 'styled-components';
import { moreText } from '../../lib/text-more';
import { bindCard, bindCardList } from './api';
import { viewUnboundPath } from '../../lib/unbound-view';
import { BATCH_SHOWN } from './bind-offer';
import { Dialog } from 'shared-contracts/ui/dialog';
import { Actions, Iccid } from './styles';

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
  color: ${({ theme }) => theme.color.textMuted};
  display: inline-grid;
  place-items: center;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
  }
`;

/** Eye (masked: tap to show) or struck-through eye (shown: tap to mask); SVG, so no emoji font is needed. */
function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" strokeLinejoin="round" />
      <circle cx="12" cy="12" r="3" />
      {open ? <path d="M4 4l16 16" strokeLinecap="round" /> : null}
    </svg>
  );
}

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
  const { t } = moreText.useRemoteTranslation();
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  const shown = iccids.slice(0, BATCH_SHOWN);
  const { busy, confirm } = useBind(() => bindCardList(iccids), onBound);
  return (
    <Dialog title={t('batch.title')} closeLabel={t('close')} onClose={onClose}>
      <Muted>{t('batch.line')}</Muted>
      <List>
        {shown.map((iccid, i) => {
          const open = revealed.has(iccid);
          return (
            <li key={iccid}>
              <Iccid data-testid="batch-iccid">{open ? groupIccid(iccid) : maskIccid(iccid)}</Iccid>
              <Eye
                type="button"
                aria-pressed={open}
                aria-label={t('batch.show', { n: i + 1 })}
                onClick={() =>
                  setRevealed((current) => {
                    const next = new Set(current);
                    if (open) next.delete(iccid);
                    else next.add(iccid);
                    return next;
                  })
                }
              >
                <EyeIcon open={open} />
              </Eye>
            </li>
          );
        })}
      </List>
      <Muted data-testid="batch-count">{t('batch.showing', { shown: shown.length, total: iccids.length })}</Muted>
      <Actions>
        <Button type="button" $variant="secondary" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button type="button" disabled={busy} onClick={() => void confirm()}>
          {t('batch.confirm')}
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
  const { t } = moreText.useRemoteTranslation();
  const { busy, confirm } = useBind(() => bindCard(iccid), onBound);
  return (
    <Dialog title={t('single.title')} closeLabel={t('close')} onClose={onClose}>
      <Muted>
        {t('single.line')} <Iccid data-testid="single-iccid">{groupIccid(iccid)}</Iccid>
      </Muted>
      <p>
        <Link to={viewUnboundPath(iccid)} data-testid="single-view">
          {t('single.view')}
        </Link>
      </p>
      <Actions>
        <Button type="button" $variant="secondary" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button type="button" disabled={busy} onClick={() => void confirm()}>
          {t('single.confirm')}
        </Button>
      </Actions>
    </Dialog>
  );
}
