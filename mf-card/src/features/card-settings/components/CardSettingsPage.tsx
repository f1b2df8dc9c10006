import { useId, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import {
  cardDisplayName,
  DEFAULT_FLAG,
  esimCardState,
  expiryInLanguage,
  getBus,
  getStorage,
  NAME_MAX,
  STORAGE_KEYS,
  SUCCESS_MESSAGES,
} from 'shared-contracts';
import { Button, Muted, SentenceWithNames, StatusBadge } from 'shared-contracts/ui';
import { getApiClient } from '../../../lib/api-client';
import { PageFrame } from '../../../lib/remote';
import { moreText } from '../../../lib/text-more';
import { renameCard, unbindCard } from '../api/card-settings';
import { copyText } from '../lib/copy-text';
import { formatDay } from '../../../lib/dates';
import { forgetStoredCard, readStoredCard, storeCardName, type StoredCard } from '../lib/stored-card';
import { AlertSettingsPanel } from './AlertSettingsPanel';
import { ConfirmDialog } from './ConfirmDialog';
import { RenewalCapPanel } from './RenewalCapPanel';
import {
  CardHero,
  CopyButton,
  DangerOutline,
  Field,
  HeroHead,
  IccidRow,
  Mono,
  NavLinks,
  Panel,
  PrimaryLink,
  SimArt,
  TextInput,
} from './styles';

const CARD_LIST = '/eshop/card/list';

/**
 * /card/set: the SIM card the card list handed over (CARD_ITEM): copy its ICCID, rename it, its alerts, its renewal
 * limit, remove it.
 */
export function CardSettingsPage() {
  const { t } = moreText.useRemoteTranslation();
  const loggedIn = Boolean(getStorage().get(STORAGE_KEYS.RECEIPT));
  const [card, setCard] = useState<StoredCard | null>(readStoredCard);

  if (!loggedIn) return <Navigate to="/user/login" replace />;

  return (
    <PageFrame page="cardSettings" title={t('settings.title')} nav="back">
      {card ? (
        <Settings card={card} onRenamed={setCard} />
      ) : (
        <Panel data-testid="settings-no-card" $center>
          <SimArt />
          <Muted>{t('settings.noCard')}</Muted>
          <PrimaryLink to={CARD_LIST}>{t('settings.toList')}</PrimaryLink>
        </Panel>
      )}
    </PageFrame>
  );
}

function Settings({ card, onRenamed }: { card: StoredCard; onRenamed: (card: StoredCard) => void }) {
  const { t, i18n } = moreText.useRemoteTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const hintId = useId();
  const defaultName = cardDisplayName('', card.iccid, 'sim');
  const shownName = cardDisplayName(card.name, card.iccid, 'sim');
  const [name, setName] = useState(shownName);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [unbinding, setUnbinding] = useState(false);

  const state = card.status_str
    ? esimCardState({
        action: card.action ?? null,
        is_third_party: card.is_third_party ?? false,
        status_str: card.status_str,
      })
    : null;
  const expiry = expiryInLanguage(
    { warn: card.warn ?? '', warn_days: card.warn_days, expire_date: card.expire_date ?? '' },
    i18n.language,
  );
  const cardPath = `/${DEFAULT_FLAG}/${encodeURIComponent(card.iccid)}`;
  const trimmed = name.trim();
  const unchanged = (trimmed || defaultName) === shownName;

  const copy = async () => {
    if (await copyText(card.iccid)) {
      getBus().publish('toast', { kind: 'success', messageKey: SUCCESS_MESSAGES.copySucc });
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || unchanged) return;
    setSaving(true);
    const result = await renameCard(getApiClient(), card.iccid, trimmed);
    setSaving(false);
    if (!result.ok) return;
    onRenamed(storeCardName(card, trimmed));
    const newName = cardDisplayName(trimmed, card.iccid, 'sim');
    setName(newName);
    getBus().publish('toast', {
      kind: 'success',
      messageKey: trimmed ? 'cardMore:settings.renamed' : 'cardMore:settings.nameReset',
      values: { name: newName },
    });
    getBus().publish('card:refresh', { iccid: card.iccid });
  };

  const unbind = async () => {
    setUnbinding(true);
    const result = await unbindCard(getApiClient(), card.iccid);
    setUnbinding(false);
    setConfirming(false);
    if (!result.ok) return;
    forgetStoredCard();
    getBus().publish('toast', {
      kind: 'success',
      messageKey: 'cardMore:settings.removed',
      values: { name: shownName },
    });
    getBus().publish('card:refresh', { iccid: card.iccid });
    navigate(CARD_LIST, { replace: true });
  };

  return (
    <>
      <CardHero data-testid="settings-card">
        <HeroHead>
          <SimArt small />
          <div>
            {/* The user's own name, or 'SIM' and the last digits: not to be translated. */}
            <h2 data-testid="settings-name" translate="no">
              {shownName}
            </h2>
            {expiry?.text ? (
              <Muted>
                {expiry.warn
                  ? t('settings.expireIn', { text: expiry.text })
                  : t('settings.expires', { date: formatDay(expiry.text, i18n.language) })}
              </Muted>
            ) : null}
          </div>
          {state ? <StatusBadge $warn={state.warning}>{t(`common:${state.labelKey}`)}</StatusBadge> : null}
        </HeroHead>
        <IccidRow>
          <div>
            <Muted as="span">{t('settings.iccid')}</Muted>
            <Mono data-testid="settings-iccid">{card.iccid}</Mono>
          </div>
          <CopyButton
            type="button"
            onClick={() => void copy()}
            aria-label={t('settings.copy')}
            title={t('settings.copy')}
          >
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <rect x="9" y="9" width="11" height="11" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
              <path
                d="M5 15V6a2 2 0 0 1 2-2h8"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </CopyButton>
        </IccidRow>
        <NavLinks>
          <PrimaryLink to={`${cardPath}?mode=search`}>{t('settings.refill')}</PrimaryLink>
          <PrimaryLink $variant="secondary" to={`/pkg?iccid=${encodeURIComponent(card.iccid)}`}>
            {t('settings.packages')}
          </PrimaryLink>
        </NavLinks>
      </CardHero>

      <Panel as="form" onSubmit={(event: FormEvent) => void save(event)} aria-labelledby={`${inputId}-label`}>
        <Field>
          <label id={`${inputId}-label`} htmlFor={inputId}>
            {t('settings.name')}
          </label>
          <TextInput
            id={inputId}
            value={name}
            maxLength={NAME_MAX}
            autoComplete="off"
            placeholder={defaultName}
            aria-describedby={hintId}
            onChange={(event) => setName(event.target.value)}
            data-testid="settings-name-input"
          />
          <Muted id={hintId}>{t('settings.nameHint', { name: defaultName })}</Muted>
        </Field>
        <Button type="submit" disabled={saving || unchanged} aria-busy={saving} data-testid="settings-save">
          {saving ? t('settings.saving') : t('settings.save')}
        </Button>
      </Panel>

      <AlertSettingsPanel iccid={card.iccid} />

      <RenewalCapPanel iccid={card.iccid} />

      <Panel>
        <h2>{t('settings.unbindTitle')}</h2>
        <Muted>{t('settings.unbindLine')}</Muted>
        <DangerOutline type="button" onClick={() => setConfirming(true)} data-testid="settings-unbind">
          {t('settings.unbind')}
        </DangerOutline>
      </Panel>

      {confirming ? (
        <ConfirmDialog
          title={
            <SentenceWithNames
              t={t}
              i18nKey="settings.confirmTitle"
              values={{ name: shownName }}
              names={{ name: true }}
            />
          }
          confirmLabel={t('settings.confirm')}
          cancelLabel={t('settings.cancel')}
          busy={unbinding}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void unbind()}
        >
          <p>{t('settings.confirmLine')}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
