import { useEffect, useState } from 'react';
import { maskIccid, type PoolPlan } from 'shared-contracts';
import { DialogActions, ErrorLine, Muted } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { CandidatePicker } from '../CandidatePicker';
import { getApiClient } from '../../lib/api-client';
import { loadCandidates, type CandidatesLoad } from '../../lib/candidates';
import { useRemoteTranslation } from '../../lib/remote';

export interface AddToPoolDialogProps {
  /** The card the plan was tapped for: chosen, and not to be unticked. */
  iccid: string;
  plan: PoolPlan;
  onClose: () => void;
  /** The new pool (pending until its plan is paid). */
  onCreated: (poolObjectId: string) => void;
}

/**
 * Spec section 4, the pool plan tap with a card: which of the user's cards share the new pool (the tapped card
 * always, others from poolCardCandidate up to the plan's lines), then createPool.
 */
export function AddToPoolDialog({ iccid, plan, onClose, onCreated }: AddToPoolDialogProps) {
  const { t } = useRemoteTranslation();
  const [load, setLoad] = useState<CandidatesLoad>({ status: 'loading' });
  const [selected, setSelected] = useState<string[]>([iccid]);
  const [busy, setBusy] = useState(false);
  // The main title names the plan ("50 GB"); the secondary one says what the line says already ("up to 5 cards").
  const planName = plan.main_title.trim() || plan.secondary_title.trim();

  useEffect(() => {
    let live = true;
    void loadCandidates(getApiClient(), { eshop_goods_id: plan.id }).then((candidates) => {
      if (live) setLoad(candidates ? { status: 'ready', candidates } : { status: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [plan.id]);

  const blocked = load.status === 'ready' ? load.candidates.invalid.find((card) => card.iccid === iccid) : undefined;
  const create = async () => {
    setBusy(true);
    const created = await getApiClient().call('createPool', { iccids: selected, eshop_goods_id: plan.id });
    setBusy(false);
    if (created.ok) onCreated(created.data.pool_object_id);
  };

  return (
    <Dialog placement="sheet" title={t('addToPool.title')} closeLabel={t('ui.close')} onClose={onClose}>
      <Muted>{t('addToPool.line', { plan: planName, count: plan.pool_lines })}</Muted>
      {load.status === 'loading' ? <Muted aria-busy="true">{t('candidates.loading')}</Muted> : null}
      {load.status === 'failed' ? <Muted role="alert">{t('candidates.failed')}</Muted> : null}
      {load.status === 'ready' ? (
        <CandidatePicker
          valid={load.candidates.valid}
          invalid={load.candidates.invalid.filter((card) => card.iccid !== iccid)}
          selected={selected}
          onChange={setSelected}
          limit={load.candidates.linesLeft ?? plan.pool_lines}
          locked={[iccid]}
        />
      ) : null}
      {blocked ? (
        <ErrorLine role="alert" data-testid="add-to-pool-blocked">
          {t('addToPool.blocked', {
            iccid: maskIccid(iccid),
            reason: t(`candidates.reason.${blocked.reason ?? 'unusable'}`),
          })}
        </ErrorLine>
      ) : null}
      <DialogActions
        cancelLabel={t('ui.cancel')}
        onCancel={onClose}
        confirmLabel={t('addToPool.confirm', { count: selected.length })}
        onConfirm={() => void create()}
        busy={busy}
        disabled={load.status === 'loading' || Boolean(blocked)}
        confirmTestId="add-to-pool-confirm"
      />
    </Dialog>
  );
}
