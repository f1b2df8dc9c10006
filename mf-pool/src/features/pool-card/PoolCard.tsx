import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  createApiClient,
  expiryText,
  gaugePercent,
  getStorage,
  poolDisplayName,
  publish,
  statusLabelKey,
  STORAGE_KEYS,
  type ApiClient,
  type PoolCardInfo,
} from 'shared-contracts';
import { Button, Card, CardHead as Head, Gauge, StatusBadge as Badge } from 'shared-contracts/ui';
import { useRemoteTranslation } from '../../lib/remote';
import { Dialog } from 'shared-contracts/ui/dialog';

export interface PoolCardProps {
  pool: PoolCardInfo;
  /** 1-based position in the list (default name 'Shared Plan {index}'). */
  index: number;
  /** On the pool detail page: a 'plan usage' link instead of 'Refill'. */
  detail?: boolean;
  /** Called after a successful rename (the list reloads). */
  onChanged?: () => void;
  client?: ApiClient;
}

let defaultClient: ApiClient | undefined;

/** Amount for display: the MB/GB suffix stripped ('12.5GB' → '12.5'). */
export function stripUnit(value: string): string {
  return value.replace(/\s*[MG]B\s*$/i, '');
}

const Body = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;
const NameButton = styled.button`
  min-block-size: ${({ theme }) => theme.touch};
  border: 0;
  background: none;
  padding: 0;
  font: inherit;
  font-weight: 700;
  font-size: ${({ theme }) => theme.font.lg};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  text-align: start;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
  }
`;
const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
`;
const Amounts = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: auto auto;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;
const Lines = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  align-items: center;
  i {
    inline-size: 12px;
    block-size: 16px;
    border-radius: 3px;
    border: 2px solid ${({ theme }) => theme.color.primary};
  }
  i[data-used='true'] {
    background: ${({ theme }) => theme.color.primary};
  }
`;
const Foot = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  flex-wrap: wrap;
`;
const Input = styled.input`
  min-block-size: ${({ theme }) => theme.touch};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  padding-inline: ${({ theme }) => theme.space.md};
  font: inherit;
`;
const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

/** A shared plan (pool) in the card list or on its detail page (spec section 2, pool card). */
export function PoolCard({ pool, index, detail = false, onChanged, client }: PoolCardProps) {
  const { t } = useRemoteTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(pool.name);
  const [busy, setBusy] = useState(false);
  const name = poolDisplayName(pool.name, index);
  const percent = gaugePercent(pool.total, pool.total - pool.remain);
  const expiry = expiryText(pool);
  const lines = Array.from({ length: pool.pool_lines }, (_, i) => i < pool.used_pool_lines);
  const handOver = (path: string) => {
    getStorage().setJSON(STORAGE_KEYS.POOL_INFO_ITEM, { ...pool, displayName: name });
    navigate(path);
  };
  const submit = async () => {
    setBusy(true);
    const api = client ?? (defaultClient ??= createApiClient());
    const result = await api.call('poolSet', { pool_object_id: pool.id, name: draft.trim() });
    setBusy(false);
    if (!result.ok) return;
    publish('toast', { kind: 'success', messageKey: 'responseDesc.succOperation' });
    setEditing(false);
    onChanged?.();
  };
  return (
    <Body data-testid="pool-card" aria-label={name}>
      <Head>
        <NameButton
          type="button"
          onClick={() => {
            setDraft(pool.name);
            setEditing(true);
          }}
          aria-label={t('poolCard.rename', { name })}
        >
          <span data-testid="pool-name">{name}</span> <span aria-hidden="true">✎</span>
        </NameButton>
        <Badge data-testid="pool-status">{t(`common:${statusLabelKey(pool.status_str)}`)}</Badge>
      </Head>
      <Row>
        <Gauge percent={percent} label={t('poolCard.remaining', { percent })} />
        <Amounts>
          <dt>{t('poolCard.unused')}</dt>
          <dd data-testid="pool-unused">{stripUnit(pool.remain_str)}</dd>
          <dt>{t('poolCard.total')}</dt>
          <dd data-testid="pool-total">{stripUnit(pool.total_str)}</dd>
        </Amounts>
      </Row>
      <Foot>
        <Badge $warn={expiry.warn} data-testid="pool-expiry">
          {expiry.warn ? t('poolCard.expireIn', { text: expiry.text }) : t('poolCard.expires', { date: expiry.text })}
        </Badge>
        <Lines
          role="img"
          aria-label={t('poolCard.lines', { used: pool.used_pool_lines, total: pool.pool_lines })}
          data-testid="pool-lines"
        >
          {lines.map((used, i) => (
            <i key={i} data-used={used} />
          ))}
        </Lines>
      </Foot>
      <Actions>
        {detail ? (
          <Button type="button" $variant="secondary" onClick={() => handOver('/pkg')}>
            {t('poolCard.planUsage')}
          </Button>
        ) : (
          <Button type="button" onClick={() => handOver('/pool/detail')}>
            {t('poolCard.refill')}
          </Button>
        )}
      </Actions>
      {editing ? (
        <Dialog title={t('poolCard.editTitle')} closeLabel={t('poolCard.cancel')} onClose={() => setEditing(false)}>
          <Input
            aria-label={t('poolCard.nameLabel')}
            value={draft}
            maxLength={40}
            placeholder={name}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void submit();
            }}
          />
          <Actions>
            <Button type="button" $variant="secondary" onClick={() => setEditing(false)}>
              {t('poolCard.cancel')}
            </Button>
            <Button type="button" disabled={busy} onClick={() => void submit()}>
              {t('poolCard.submit')}
            </Button>
          </Actions>
        </Dialog>
      ) : null}
    </Body>
  );
}

export default PoolCard;
