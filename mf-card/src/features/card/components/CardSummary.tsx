import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { gaugePercent, isSuspended, statusLabelKey, type Card } from 'shared-contracts';
import { Card as Panel } from 'shared-contracts/ui';
import { useRemoteTranslation } from '../../../lib/remote';

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.lg};
    overflow-wrap: anywhere;
  }
`;

const Status = styled.span<{ $warning: boolean }>`
  flex: none;
  padding: 2px ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.font.sm};
  font-weight: 600;
  color: ${({ theme, $warning }) => ($warning ? theme.color.danger : theme.color.primaryDark)};
  background: ${({ $warning }) => ($warning ? 'rgba(229, 72, 77, 0.12)' : 'rgba(7, 193, 96, 0.12)')};
`;

const Iccid = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.sm};
  font-variant-numeric: tabular-nums;
`;

const Meter = styled.div`
  block-size: 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.background};
  overflow: hidden;
  margin-block-end: ${({ theme }) => theme.space.lg};
  span {
    display: block;
    block-size: 100%;
    background: ${({ theme }) => theme.color.primary};
    border-radius: inherit;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: 1.5fr 1.2fr 0.8fr;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  div {
    display: grid;
    gap: 2px;
  }
  dt {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.sm};
  }
  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

/** Status, expiry and data line of a card (the full card page comes with its own issue). */
export function CardSummary({ card, iccid }: { card: Card; iccid: string }) {
  const { t } = useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  const remaining = card.unlimited ? 100 : gaugePercent(card.total, card.used);
  const dataLine = card.unlimited
    ? t('card.unlimited')
    : t('card.dataOf', { used: card.used_str, total: card.total_str });
  return (
    <Panel data-testid="card-summary" aria-labelledby="card-summary-title">
      <Head>
        <h2 id="card-summary-title">{card.name || t('card.defaultName', { tail: iccid.slice(-4) })}</h2>
        <Status $warning={isSuspended(card.status_str)} data-testid="card-status" data-status={card.status_str}>
          {tc(statusLabelKey(card.status_str))}
        </Status>
      </Head>
      <Iccid>
        {/* Digits read left to right in every language; the line still starts where the language starts. */}
        <bdi dir="ltr">{iccid}</bdi>
      </Iccid>
      {!card.unlimited && card.total > 0 && (
        <Meter
          role="meter"
          aria-label={t('card.remaining')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={remaining}
          aria-valuetext={`${remaining}%`}
        >
          <span style={{ inlineSize: `${remaining}%` }} />
        </Meter>
      )}
      <Facts>
        <div>
          <dt>{t('card.data')}</dt>
          <dd data-testid="card-data">{dataLine}</dd>
        </div>
        <div>
          <dt>{t('card.expires')}</dt>
          <dd data-testid="card-expiry">{card.expire_date || '—'}</dd>
        </div>
        <div>
          <dt>{t('card.daysLeft')}</dt>
          <dd data-testid="card-days">{card.available_days}</dd>
        </div>
      </Facts>
    </Panel>
  );
}
