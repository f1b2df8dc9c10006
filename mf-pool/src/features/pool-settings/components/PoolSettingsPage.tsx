import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { isUserGivenName, NAME_MAX, poolDisplayName, STORAGE_KEYS } from 'shared-contracts';
import { Button, Field, Muted } from 'shared-contracts/ui';
import { Panel } from '../../../components/PageMessage';
import { PoolScreen } from '../../../components/PoolScreen';
import { getApiClient } from '../../../lib/api-client';
import { CARD_LIST_PATH } from '../../../lib/paths';
import { announcePoolChange } from '../../../lib/pool-events';
import { handOverPool, poolIdOf, readHandOver, type PoolHandOver } from '../../../lib/pool-handover';
import { useRemoteTranslation } from '../../../lib/remote';
import { DeletePoolDialog } from './DeletePoolDialog';

const DangerButton = styled(Button)`
  border-color: ${({ theme }) => theme.color.danger};
  color: ${({ theme }) => theme.color.danger};
`;

/**
 * /pool/set: the pool the detail page handed over (SET_POOL_ITEM, or ?poolId= with it): rename it (trimmed, at most
 * 64 characters, empty for the default 'Shared Plan {index}') and delete it after a confirmation.
 */
export function PoolSettingsPage() {
  const [search] = useSearchParams();
  const id = poolIdOf(search, STORAGE_KEYS.SET_POOL_ITEM);
  // The detail page's hand-over, else (?poolId= only) the card list's.
  const pool =
    readHandOver(STORAGE_KEYS.SET_POOL_ITEM, id) ?? (id ? readHandOver(STORAGE_KEYS.POOL_INFO_ITEM, id) : null);
  return (
    <PoolScreen page="poolSettings" poolObjectId={pool?.id ?? null}>
      {() => (pool ? <Settings key={pool.id} stored={pool} /> : null)}
    </PoolScreen>
  );
}

function Settings({ stored }: { stored: PoolHandOver }) {
  const { t } = useRemoteTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const hintId = useId();
  const [pool, setPool] = useState(stored);
  const index = pool.index ?? 1;
  const defaultName = poolDisplayName('', index, t);
  const shown = poolDisplayName(pool.name, index, t);
  // The user's own name is not to be translated; the default one already is.
  const named = isUserGivenName(pool.name);
  const [draft, setDraft] = useState(pool.name);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const next = draft.trim();
  const unchanged = next === pool.name.trim();

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || unchanged) return;
    setSaving(true);
    const saved = await getApiClient().call('poolSet', { pool_object_id: pool.id, name: next });
    setSaving(false);
    if (!saved.ok) return;
    const renamed = { ...pool, name: next };
    setPool(handOverPool(STORAGE_KEYS.SET_POOL_ITEM, renamed, index, t));
    handOverPool(STORAGE_KEYS.POOL_INFO_ITEM, renamed, index, t);
    setDraft(next);
    announcePoolChange(pool.id, next ? 'toast.renamed' : 'toast.nameReset', { name: next || defaultName });
  };

  return (
    <>
      <Panel as="form" onSubmit={(event: FormEvent) => void rename(event)} data-testid="pool-rename">
        <h2 data-testid="pool-settings-name" translate={named ? 'no' : undefined}>
          {shown}
        </h2>
        <Field>
          <label htmlFor={inputId}>{t('settings.nameLabel')}</label>
          <input
            id={inputId}
            value={draft}
            maxLength={NAME_MAX}
            placeholder={defaultName}
            autoComplete="off"
            aria-describedby={hintId}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Muted id={hintId}>{t('settings.nameHint', { name: defaultName, max: NAME_MAX })}</Muted>
        </Field>
        <Button type="submit" disabled={saving || unchanged} aria-busy={saving || undefined}>
          {t('settings.save')}
        </Button>
      </Panel>
      <Panel data-testid="pool-delete">
        <h2>{t('settings.deleteTitle')}</h2>
        <Muted>{t('settings.deleteLine')}</Muted>
        <DangerButton type="button" $variant="secondary" onClick={() => setDeleting(true)}>
          {t('settings.delete')}
        </DangerButton>
      </Panel>
      {deleting ? (
        <DeletePoolDialog
          poolObjectId={pool.id}
          name={shown}
          named={named}
          onClose={() => setDeleting(false)}
          onDeleted={() => navigate(CARD_LIST_PATH, { replace: true })}
        />
      ) : null}
    </>
  );
}
