import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { formatMoment, GAUGE_COLOR, type Card, useTimeZone } from 'shared-contracts';
import { Button, Card as Panel } from 'shared-contracts/ui';
import { useRemoteTranslation } from '../../../lib/remote';
import { lastSeen } from '../lib/last-seen';
import { summaryFacts } from '../lib/summary-facts';

/** Fields the card page reads when the server sends them (expiry warning, third-party cards). */
export type CardView = Card & { warn?: string | null; is_third_party?: boolean };

/** What the summary shows of a card: the api's answer, or the last known one kept for offline use. */
export type SummaryCard = Pick<
  CardView,
  | 'name'
  | 'status_str'
  | 'expire_date'
  | 'available_days'
  | 'used_str'
  | 'total_str'
  | 'used'
  | 'total'
  | 'usage_updated_at'
  | 'last_seen_country'
  | 'last_seen_at'
  | 'kind'
  | 'unlimited'
  | 'card_kind'
  | 'warn'
  | 'warn_days'
  | 'is_third_party'
>;

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

const Line = styled.p<{ $tone?: 'warn' | 'muted' }>`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  font-size: ${({ theme }) => theme.font.sm};
  color: ${({ theme, $tone }) => ($tone === 'warn' ? theme.color.danger : theme.color.textMuted)};
  font-variant-numeric: tabular-nums;
`;

const Body = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  margin-block: ${({ theme }) => theme.space.lg};
`;

const Gauge = styled.div`
  position: relative;
  flex: none;
  inline-size: 96px;
  block-size: 96px;
  svg {
    transform: rotate(-90deg);
  }
  span {
    position: absolute;
    inset: 0;
    display: grid;
    place-content: center;
    text-align: center;
    line-height: 1.1;
  }
  b {
    font-size: ${({ theme }) => theme.font.xl};
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.sm};
  }
`;

// The data figure is what a cardholder opens the page for: the largest text of the page's first screen.
const Data = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  min-inline-size: 0;
  strong {
    font-size: calc(${({ theme }) => theme.font.xl} * 1.4);
    line-height: 1.2;
    overflow-wrap: anywhere;
  }
  button {
    justify-self: start;
  }
`;

const Stats = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  div {
    display: grid;
    gap: 2px;
    padding: ${({ theme }) => theme.space.sm};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.background};
    text-align: center;
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

const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

function updatedAtText(seconds: number | null, lang: string, zone: string | null): string | null {
  return seconds === null ? null : formatMoment(seconds * 1000, lang, zone);
}

/** The package list's heading (PurchasePanel): 'Choose a data plan' takes the reader there. */
export const PACKAGES_HEADING_ID = 'packages-title';

/** Scrolls to the card's package list and puts the keyboard on its first package; nothing while it is not there. */
function showPackages(doc: Document = document) {
  const heading = doc.getElementById(PACKAGES_HEADING_ID);
  if (!heading) return;
  const reduced =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  heading.scrollIntoView?.({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  heading.closest('section')?.querySelector<HTMLElement>('button, input')?.focus({ preventScroll: true });
}

/**
 * Card info of the new view: status, expiry, data (gauge), speed limit, three stats cards, the update time and where
 * the network last saw the card. Figures are written in the page's language. A card without a data plan says so
 * (with `canBuy`, a button to the package list below), a third-party card shows its note and no figures.
 */
export function CardSummary({ card, iccid, canBuy = false }: { card: SummaryCard; iccid: string; canBuy?: boolean }) {
  const { t, i18n } = useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  const facts = summaryFacts(card, i18n.language);
  const { thirdParty, plan, percent, showGauge, expiry, used, statusKey, warning, profile } = facts;
  const total = facts.total ?? t('card.unlimited');
  // In the reader's zone; a page rendered before the server knew it says UTC until it hydrates (useTimeZone).
  const zone = useTimeZone();
  const updated = updatedAtText(card.usage_updated_at, i18n.language, zone);
  const seen = lastSeen(card, i18n.language, zone);
  return (
    <Panel data-testid="card-summary" aria-labelledby="card-summary-title">
      <Head>
        <h2 id="card-summary-title" translate="no">
          {card.name || t(profile ? 'card.defaultProfileName' : 'card.defaultName', { tail: iccid.slice(-4) })}
        </h2>
        <Status $warning={warning} data-testid="card-status" data-status={card.status_str} data-warning={warning}>
          {tc(statusKey)}
        </Status>
      </Head>
      <Line data-testid="card-kind" data-kind={profile ? 'profile' : 'card'}>
        {profile ? `${t('card.profile')} · ` : ''}
        {/* Digits read left to right in every language; the line still starts where the language starts. */}
        <bdi dir="ltr">{iccid}</bdi>
      </Line>
      <Line $tone={expiry.warn ? 'warn' : 'muted'} data-testid="card-expiry">
        {expiry.warn ? t('card.expireIn', { warn: expiry.text }) : `${t('card.expires')}: ${expiry.text || '—'}`}
      </Line>
      <Body>
        {showGauge && (
          <Gauge
            role="meter"
            aria-label={t('card.remaining')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%`}
            data-testid="card-gauge"
          >
            <svg width="96" height="96" viewBox="0 0 96 96" aria-hidden="true">
              <circle cx="48" cy="48" r={RADIUS} fill="none" stroke="#E4E6EB" strokeWidth="8" />
              {percent > 0 && (
                <circle
                  cx="48"
                  cy="48"
                  r={RADIUS}
                  fill="none"
                  stroke={GAUGE_COLOR}
                  strokeWidth="8"
                  strokeLinecap="round"
                  strokeDasharray={`${(CIRCUMFERENCE * percent) / 100} ${CIRCUMFERENCE}`}
                />
              )}
            </svg>
            {/* The ring is the share left (spec: (total − used) / total); the figure beside it is the data used. */}
            <span aria-hidden="true">
              <b>{percent}%</b>
              <small>{t('card.gaugeLeft')}</small>
            </span>
          </Gauge>
        )}
        <Data>
          {plan === 'data' && (
            <>
              <Line>{t('card.data')}</Line>
              <strong data-testid="card-data">{t('card.dataOf', { used, total })}</strong>
            </>
          )}
          {plan === 'unlimited' && (
            <>
              <Line data-testid="card-unlimited">{t('card.unlimitedPlan')}</Line>
              <strong data-testid="card-data">{t('card.usedAmount', { used })}</strong>
            </>
          )}
          {plan === 'none' && (
            <>
              <strong data-testid="card-no-plan">{t(facts.noPlanKey)}</strong>
              {canBuy && (
                <Button type="button" onClick={() => showPackages()} data-testid="card-choose-plan">
                  {t('pkg.choose')}
                </Button>
              )}
            </>
          )}
          {thirdParty && <Line data-testid="card-third-party">{t('card.thirdPartyNote')}</Line>}
          {facts.speedLimited && (
            <Line $tone="warn" data-testid="card-speed-limited">
              {t('card.speedLimited')}
            </Line>
          )}
        </Data>
      </Body>
      {facts.showStats && (
        <Stats>
          <div>
            <dt>{t('card.used')}</dt>
            <dd data-testid="stat-used">{used}</dd>
          </div>
          <div>
            <dt>{t('card.total')}</dt>
            <dd data-testid="stat-total">{total}</dd>
          </div>
          <div>
            <dt>{t('card.daysLeft')}</dt>
            <dd data-testid="card-days">{facts.days}</dd>
          </div>
        </Stats>
      )}
      {updated && <Line data-testid="card-updated">{t('card.updatedAt', { time: updated })}</Line>}
      {seen && <Line data-testid="card-last-seen">{t('card.lastSeen', seen)}</Line>}
    </Panel>
  );
}
