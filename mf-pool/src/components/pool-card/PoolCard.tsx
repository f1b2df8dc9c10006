import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  expiryInLanguage,
  formatData,
  formatDays,
  gaugePercent,
  isUserGivenName,
  NAME_MAX,
  poolDays,
  poolDisplayName,
  poolFiguresOf,
  statusLabelKey,
  STORAGE_KEYS,
  type ApiClient,
  type PoolCardInfo,
} from 'shared-contracts';
import {
  Button,
  CardHead as Head,
  Gauge,
  Muted,
  StatusBadge as Badge,
  UsageIcons,
  WidgetActions,
  WidgetAmounts,
  WidgetBody,
  WidgetFoot,
  WidgetNameButton,
  WidgetRow,
} from 'shared-contracts/ui';
import { getApiClient } from '../../lib/api-client';
import { announcePoolChange } from '../../lib/pool-events';
import { handOverPool } from '../../lib/pool-handover';
import { remote, useRemoteTranslation } from '../../lib/remote';
import { Dialog } from 'shared-contracts/ui/dialog';

export interface PoolCardProps {
  pool: PoolCardInfo;
  /** 1-based position in the list (default name 'Shared Plan {index}'). */
  index: number;
  /** On the pool detail page: a 'plan usage' link instead of 'Refill'. */
  detail?: boolean;
  /** Called after a successful rename (the screens showing the pool also hear 'pool:changed'). */
  onChanged?: () => void;
  client?: ApiClient;
}

const Input = styled.input`
  min-block-size: ${({ theme }) => theme.touch};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  padding-inline: ${({ theme }) => theme.space.md};
  font: inherit;
`;

/** A shared plan (pool) in the card list or on its detail page (spec section 2, pool card). */
export function PoolCard({ pool, index, detail = false, onChanged, client }: PoolCardProps) {
  const { t, i18n } = useRemoteTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(pool.name);
  const [busy, setBusy] = useState(false);
  const name = poolDisplayName(pool.name, index, t);
  const defaultName = poolDisplayName('', index, t);
  const lang = i18n.language;
  // A day-based plan counts days (it has no data amount); a data plan its data; without data in force, no figures.
  const figures = poolFiguresOf(pool);
  const days = poolDays(pool);
  const percent =
    figures === 'days'
      ? gaugePercent(days.total, days.total - days.left)
      : gaugePercent(pool.total, pool.total - pool.remain);
  const expiry = expiryInLanguage(pool, lang);
  const lines = Array.from({ length: pool.pool_lines }, (_, i) => i < pool.used_pool_lines);
  const poolQuery = `poolId=${encodeURIComponent(pool.id)}`;
  const handOver = (path: string) => {
    handOverPool(STORAGE_KEYS.POOL_INFO_ITEM, pool, index, t);
    navigate(path);
  };
  const submit = async () => {
    const next = draft.trim();
    setBusy(true);
    const api = client ?? getApiClient();
    const result = await api.call('poolSet', { pool_object_id: pool.id, name: next });
    setBusy(false);
    if (!result.ok) return;
    setEditing(false);
    announcePoolChange(pool.id, next ? 'toast.renamed' : 'toast.nameReset', { name: next || defaultName });
    onChanged?.();
  };
  return (
    <WidgetBody data-testid="pool-card" aria-label={name}>
      <Head>
        <WidgetNameButton
          type="button"
          onClick={() => {
            setDraft(pool.name);
            setEditing(true);
          }}
          aria-label={t('poolCard.rename', { name })}
        >
          {/* The user's own name is not to be translated; the default one already is. */}
          <span data-testid="pool-name" translate={isUserGivenName(pool.name) ? 'no' : undefined}>
            {name}
          </span>{' '}
          <span aria-hidden="true">✎</span>
        </WidgetNameButton>
        <Badge data-testid="pool-status">{t(`common:${statusLabelKey(pool.status_str)}`)}</Badge>
      </Head>
      <WidgetRow>
        <Gauge
          percent={percent}
          label={t(figures === 'days' ? 'poolCard.daysRemaining' : 'poolCard.remaining', { percent })}
        />
        {figures === 'none' ? (
          <Muted data-testid="pool-no-data">{t('poolCard.noData')}</Muted>
        ) : (
          <WidgetAmounts>
            <dt>{t(figures === 'days' ? 'poolCard.daysLeft' : 'poolCard.unused')}</dt>
            {/* With their unit, in the page's language ('31,3 GB', '17 Tage'): the api's remain and total are MB. */}
            <dd data-testid="pool-unused">
              {figures === 'days' ? formatDays(days.left, lang) : formatData(pool.remain, lang)}
            </dd>
            <dt>{t('poolCard.total')}</dt>
            <dd data-testid="pool-total">
              {figures === 'days' ? formatDays(days.total, lang) : formatData(pool.total, lang)}
            </dd>
          </WidgetAmounts>
        )}
      </WidgetRow>
      <WidgetFoot>
        <Badge $warn={expiry.warn} data-testid="pool-expiry">
          {expiry.warn ? t('poolCard.expireIn', { text: expiry.text }) : t('poolCard.expires', { date: expiry.text })}
        </Badge>
        <UsageIcons
          role="img"
          aria-label={t('poolCard.lines', { used: pool.used_pool_lines, total: pool.pool_lines })}
          data-testid="pool-lines"
        >
          {lines.map((used, i) => (
            <i key={i} data-used={used} />
          ))}
        </UsageIcons>
      </WidgetFoot>
      <WidgetActions>
        {detail ? (
          <Button type="button" $variant="secondary" onClick={() => handOver(`/pkg?${poolQuery}`)}>
            {t('poolCard.planUsage')}
          </Button>
        ) : (
          <>
            <Button
              type="button"
              $variant="secondary"
              aria-label={t('poolCard.manageOf', { name })}
              onClick={() => handOver(`/pool/detail?${poolQuery}`)}
              data-testid="pool-manage"
            >
              {t('poolCard.manage')}
            </Button>
            <Button
              type="button"
              aria-label={t('poolCard.refillOf', { name })}
              onClick={() => handOver(`/pool/detail?${poolQuery}&mode=refill`)}
            >
              {t('poolCard.refill')}
            </Button>
          </>
        )}
      </WidgetActions>
      {editing ? (
        <Dialog title={t('poolCard.editTitle')} closeLabel={t('poolCard.cancel')} onClose={() => setEditing(false)}>
          <Input
            aria-label={t('poolCard.nameLabel')}
            value={draft}
            maxLength={NAME_MAX}
            placeholder={defaultName}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void submit();
            }}
          />
          <WidgetActions>
            <Button type="button" $variant="secondary" onClick={() => setEditing(false)}>
              {t('poolCard.cancel')}
            </Button>
            <Button type="button" disabled={busy} onClick={() => void submit()}>
              {t('poolCard.submit')}
            </Button>
          </WidgetActions>
        </Dialog>
      ) : null}
    </WidgetBody>
  );
}

/** What the widget's first render needs besides its code (shared-contracts loadWidget): its strings in `lang`. */
export const prepare = (lang: string): Promise<void> => remote.loadNamespace(lang);

export default PoolCard;
