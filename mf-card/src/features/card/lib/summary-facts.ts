import {
  CARD_KIND_PROFILE,
  CARD_KIND_SPEED_LIMITED,
  STATUS_LABELS,
  expiryText,
  gaugePercent,
  isSuspended,
  statusLabelKey,
} from 'shared-contracts';
import type { SummaryCard } from '../components/CardSummary';

/**
 * What the card summary shows of a card, by shared-contracts' display rules: CardSummary and the card page's early
 * view (features/card/early-view) both draw from it, so they cannot drift apart.
 */
export function summaryFacts(card: SummaryCard) {
  const thirdParty = card.is_third_party === true;
  return {
    thirdParty,
    /** The ring's share left (spec: (total − used) / total); 100 for an unlimited card. */
    percent: card.unlimited ? 100 : gaugePercent(card.total, card.used),
    showGauge: !thirdParty && (card.unlimited || card.total > 0),
    expiry: expiryText({ warn: card.warn ?? '', expire_date: card.expire_date }),
    used: thirdParty ? '0' : card.used_str,
    /** null: unlimited (the caller writes its word for it). */
    total: thirdParty ? '0' : card.unlimited ? null : card.total_str,
    /** Unlimited data, written instead of "used of total". */
    unlimited: card.unlimited && !thirdParty,
    statusKey: thirdParty ? STATUS_LABELS.inventory : statusLabelKey(card.status_str),
    warning: !thirdParty && isSuspended(card.status_str),
    /** card_kind 2: profile info (an eSIM profile) instead of card info. */
    profile: card.card_kind === CARD_KIND_PROFILE,
    speedLimited: card.kind === CARD_KIND_SPEED_LIMITED && !thirdParty,
    days: thirdParty ? 0 : card.available_days,
  };
}
