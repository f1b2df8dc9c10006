import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  cardDisplayName,
  dataPlanOf,
  esimCardState,
  expiryInLanguage,
  formatData,
  gaugePercent,
  getStorage,
  publish,
  STORAGE_KEYS,
  type EsimCardInfo,
} from 'shared-contracts';
import { Button, Gauge } from 'shared-contracts/ui';
import { copyText } from '../../lib/copy-text';
import { remote, useRemoteTranslation } from '../../lib/remote';
import { Actions, Amounts, Badge, Body, Foot, Head, IccidButton, NameButton, Row } from './styles';

export interface EsimCardProps {
  card: EsimCardInfo;
  /** Given: a 'refresh' button calls it instead of 'Refill'. */
  onRefresh?: () => void | Promise<void>;
}

/** An eSIM card (spec section 2): the pool card's layout plus the ICCID with copy, Refill or refresh. */
export function EsimCard({ card, onRefresh }: EsimCardProps) {
  const { t, i18n } = useRemoteTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const [refreshing, setRefreshing] = useState(false);
  const name = cardDisplayName(card.name, card.iccid, 'esim');
  const state = esimCardState(card);
  const plan = dataPlanOf(card);
  // Unlimited: the whole share is left; the figure shown is what was used.
  const percent = plan === 'unlimited' ? 100 : plan === 'data' ? gaugePercent(card.total, card.used) : 0;
  const expiry = expiryInLanguage(card, lang);
  return (
    <Body data-testid="esim-card" data-warning={state.warning} aria-label={name}>
      <Head>
        <NameButton
          type="button"
          aria-label={t('esimCard.settings', { name })}
          onClick={() => {
            getStorage().setJSON(STORAGE_KEYS.ESIM_CARD_INFO, card);
            navigate('/esim/card/set/0');
          }}
        >
          {/* The user's own name, or 'eSIM' and the last digits: not to be translated. */}
          <span data-testid="esim-name" translate="no">
            {name}
          </span>
          <span className="arrow" aria-hidden="true">
            ›
          </span>
        </NameButton>
        <Badge $warn={state.warning} data-testid="esim-status">
          {t(`common:${state.labelKey}`)}
        </Badge>
      </Head>
      <IccidButton
        type="button"
        data-testid="esim-iccid"
        aria-label={t('esimCard.copy', { iccid: card.iccid })}
        onClick={() => {
          void copyText(card.iccid).then((copied) => {
            if (copied) publish('toast', { kind: 'success', messageKey: 'copy_succ' });
          });
        }}
      >
        ICCID {card.iccid}{' '}
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
          <rect x="4" y="4" width="9" height="9" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path
            d="M10 2.5V2a1 1 0 0 0-1-1H2a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          />
        </svg>
      </IccidButton>
      {plan === 'third-party' && <p data-testid="esim-third-party">{t('esimCard.thirdParty')}</p>}
      {/* No data plan (none yet, or none in force): said in words, never 'Unused 0 MB / Total 0 MB'. */}
      {plan === 'none' && <p data-testid="esim-no-plan">{t('esimCard.noPlan')}</p>}
      {plan === 'unlimited' && (
        <Row>
          <Gauge percent={percent} label={t('esimCard.remaining', { percent })} />
          <Amounts>
            <dt>{t('esimCard.used')}</dt>
            <dd data-testid="esim-used">{formatData(card.used, lang)}</dd>
            <dt>{t('esimCard.total')}</dt>
            <dd data-testid="esim-total">{t('esimCard.unlimited')}</dd>
          </Amounts>
        </Row>
      )}
      {plan === 'data' && (
        <Row>
          <Gauge percent={percent} label={t('esimCard.remaining', { percent })} />
          <Amounts>
            <dt>{t('esimCard.unused')}</dt>
            {/* An api without remain_mb sends total and used (MB) all the same. */}
            <dd data-testid="esim-unused">{formatData(card.remain_mb ?? Math.max(0, card.total - card.used), lang)}</dd>
            <dt>{t('esimCard.total')}</dt>
            <dd data-testid="esim-total">{formatData(card.total, lang)}</dd>
          </Amounts>
        </Row>
      )}
      <Foot>
        {expiry.text ? (
          <Badge $warn={expiry.warn} data-testid="esim-expiry">
            {expiry.warn ? t('esimCard.expireIn', { text: expiry.text }) : t('esimCard.expires', { date: expiry.text })}
          </Badge>
        ) : (
          <span />
        )}
        <Actions>
          {onRefresh ? (
            <Button
              type="button"
              $variant="secondary"
              disabled={refreshing}
              onClick={() => {
                setRefreshing(true);
                void Promise.resolve(onRefresh()).finally(() => setRefreshing(false));
              }}
            >
              {t('esimCard.refresh')}
            </Button>
          ) : (
            <Button type="button" onClick={() => navigate(`/2/${encodeURIComponent(card.iccid)}?mode=search`)}>
              {t('esimCard.refill')}
            </Button>
          )}
        </Actions>
      </Foot>
    </Body>
  );
}

/** What the widget's first render needs besides its code (shared-contracts loadWidget): its strings in `lang`. */
export const prepare = (lang: string): Promise<void> => remote.loadNamespace(lang);

export default EsimCard;
