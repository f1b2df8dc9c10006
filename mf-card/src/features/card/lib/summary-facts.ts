import {
  CARD_KIND_PROFILE,
  CARD_KIND_SPEED_LIMITED,
  STATUS_LABELS,
  dataPlanOf,
  expiryInLanguage,
  formatCount,
  formatData,
  gaugePercent,
  isSuspended,
  statusLabelKey,
} from 'shared-contracts';
import type { SummaryCard } from '../components/CardSummary';

/**
 * What the card summary shows of a card, by shared-contracts' display rules, with its figures written for `lang`
 * (CardSummary). Only true figures: a card without a data plan says so (never '0 MB of 0 MB', 'Days left 0'), a third-party
 * card has no figures at all, an unlimited card shows what it used.
 */
export function summaryFacts(card: SummaryCard, lang: string) {
  const plan = dataPlanOf(card);
  const thirdParty = plan === 'third-party';
  const figures = plan === 'data' || plan === 'unlimited';
  return {
    thirdParty,
    /** 'data' (used of total), 'unlimited' (used), 'none' (no data plan in force), 'third-party' (no figures). */
    plan,
    /** The ring's share left (spec: (total − used) / total); 100 for an unlimited card. */
    percent: plan === 'unlimited' ? 100 : gaugePercent(card.total, card.used),
    showGauge: figures,
    /** The three stats cards (used, total, days left): only with figures to show. */
    showStats: figures,
    expiry: expiryInLanguage(card, lang),
    used: formatData(card.used, lang),
    /** null: unlimited or no figure (the caller writes its word for it). */
    total: plan === 'data' ? formatData(card.total, lang) : null,
    /** No plan yet (never had one: no expiry date), or none in force any more. */
    noPlanKey: card.expire_date ? 'card.noActivePlan' : 'card.noPlan',
    statusKey: thirdParty ? STATUS_LABELS.inventory : statusLabelKey(card.status_str),
    warning: !thirdParty && isSuspended(card.status_str),
    /** card_kind 2: profile info (an eSIM profile) instead of card info. */
    profile: card.card_kind === CARD_KIND_PROFILE,
    speedLimited: card.kind === CARD_KIND_SPEED_LIMITED && !thirdParty,
    days: formatCount(card.available_days, lang),
  };
}
