import { Link, useNavigate } from 'react-router-dom';
import {
  cardDisplayName,
  dataPlanOf,
  esimCardState,
  expiryInLanguage,
  formatData,
  getStorage,
  STORAGE_KEYS,
  type EsimCardInfo,
} from 'shared-contracts';
import { Button, buttonLook, type ButtonVariant, Muted } from 'shared-contracts/ui';
import styled from 'styled-components';
import { moreText } from '../../lib/text-more';
import { Actions, Badge, Iccid, Tile, TileHead } from './styles';

const RefillLink = styled(Link)<{ $variant?: ButtonVariant }>`
  ${buttonLook}
`;

/** A SIM's data line: left of total, used of an unlimited plan, no plan yet, or a third-party card (no figures). */
function dataLine(card: EsimCardInfo, lang: string, t: (key: string, vars?: Record<string, string>) => string) {
  const plan = dataPlanOf(card);
  if (plan === 'third-party') return t('common:status.thirdParty');
  if (plan === 'unlimited') return t('sim.unlimited', { used: formatData(card.used, lang) });
  if (plan === 'none') return t('sim.noPlan');
  // An api without remain_mb sends total and used (MB) all the same.
  const remain = card.remain_mb ?? Math.max(0, card.total - card.used);
  return t('sim.data', { remain: formatData(remain, lang), total: formatData(card.total, lang) });
}

/** mf-card's SIM card widget: summary, Refill (/2/{iccid}?mode=search) and settings (/card/set). */
export function SimCard({ card }: { card: EsimCardInfo }) {
  const { t, i18n } = moreText.useRemoteTranslation();
  const navigate = useNavigate();
  const name = cardDisplayName(card.name, card.iccid, 'sim');
  const state = esimCardState(card);
  const expiry = expiryInLanguage(card, i18n.language);
  const data = dataLine(card, i18n.language, t);
  return (
    <Tile data-testid="sim-card" aria-label={name}>
      <TileHead>
        {/* The user's own name, or 'SIM' and the last digits: not to be translated. */}
        <h3 translate="no" data-testid="sim-name">
          {name}
        </h3>
        <Badge $warn={state.warning}>{t(`common:${state.labelKey}`)}</Badge>
      </TileHead>
      <Muted>
        ICCID <Iccid>{card.iccid}</Iccid>
      </Muted>
      {data ? <Muted data-testid="sim-data">{data}</Muted> : null}
      {expiry.text ? (
        <Muted>
          {expiry.warn ? t('sim.expireIn', { text: expiry.text }) : t('sim.expires', { date: expiry.text })}
        </Muted>
      ) : null}
      <Actions>
        <Button
          type="button"
          $variant="secondary"
          aria-label={t('sim.settingsOf', { name })}
          onClick={() => {
            getStorage().setJSON(STORAGE_KEYS.CARD_ITEM, card);
            navigate('/card/set');
          }}
        >
          {t('sim.settings')}
        </Button>
        <RefillLink to={`/2/${encodeURIComponent(card.iccid)}?mode=search`} aria-label={t('refillOf', { name })}>
          {t('refill')}
        </RefillLink>
      </Actions>
    </Tile>
  );
}

/**
 * Stand-in while a federated widget loads or when its remote is unavailable: name, status and a way on. `keepName`:
 * the name is not a translated text (the user's own, or an eSIM's 'eSIM' and last digits) and is marked as not to be
 * translated; a default name ('Shared Plan 2' in the page's language) is not.
 */
export function WidgetFallback({
  name,
  keepName,
  status,
  to,
}: {
  name: string;
  keepName: boolean;
  status: string;
  to?: string;
}) {
  const { t } = moreText.useRemoteTranslation();
  return (
    <Tile data-testid="widget-fallback" aria-label={name}>
      <TileHead>
        <h3 translate={keepName ? 'no' : undefined}>{name}</h3>
        <Badge>{t(`common:${status}`)}</Badge>
      </TileHead>
      {to ? (
        <Actions>
          <RefillLink to={to} aria-label={t('refillOf', { name })}>
            {t('refill')}
          </RefillLink>
        </Actions>
      ) : null}
    </Tile>
  );
}
