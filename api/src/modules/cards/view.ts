import { type Card } from 'shared-contracts/schemas';
import { bytesToMb, daysLeft, formatBytes, formatDate, toEpochSeconds } from '../../lib/format';
import { type CardRow } from './repository';

export interface Viewer {
  id: number;
}

/** Only the owner sees the e-mail bound to a card; a visitor with the ICCID sees status and packages only. */
export function ownsCard(card: Pick<CardRow, 'user_id'>, viewer: Viewer | null): boolean {
  return viewer !== null && card.user_id !== null && card.user_id === viewer.id;
}

/** The card page's card: status_str from the card status, expire_date from expire_timestamp (spec section 7). */
export function toCard(row: CardRow, viewer: Viewer | null, now: number = Date.now()): Card {
  const ownedByAnother = viewer !== null && row.user_id !== null && row.user_id !== viewer.id;
  return {
    iccid: row.iccid,
    name: row.name ?? '',
    status_str: row.status,
    expire_date: formatDate(row.expire_timestamp),
    available_days: daysLeft(row.expire_timestamp, now),
    used_str: formatBytes(row.used_bytes),
    total_str: row.unlimited ? 'Unlimited' : formatBytes(row.total_bytes),
    used: bytesToMb(row.used_bytes),
    total: row.unlimited ? 0 : bytesToMb(row.total_bytes),
    usage_updated_at: toEpochSeconds(row.usage_updated_at),
    card_email: ownsCard(row, viewer) ? (row.email ?? '') : '',
    kind: row.kind,
    renewal: row.renewal,
    create: toEpochSeconds(row.last_order_at),
    show_alert: row.show_alert,
    unlimited: row.unlimited,
    in_agent: !row.agent_is_default,
    agent_version: row.agent_version,
    card_kind: row.card_kind,
    user_id: row.user_id ?? 0,
    // Another account's card: the page warns and hides the shared-plan tab (spec section 4, login gating).
    show_share_plan: row.show_share_plan && !ownedByAnother,
    hasKeys: row.has_keys,
  };
}
