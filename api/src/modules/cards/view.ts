import {
  type Card,
  type EidItem,
  type EsimCardInfo,
  type PackageRecord,
  type PackageRecordGroups,
  type PoolCardInfo,
} from 'shared-contracts/schemas';
import { bytesToMb, daysLeft, expiryWarn, formatBytes, formatDate, toEpochSeconds } from '../../lib/format';
import { type CardRow, type ListCardRow, type PackageRecordRow, type PoolListRow, type SlotRow } from './repository';

export interface Viewer {
  id: number;
}

/** Only the owner sees the e-mail bound to a card; a visitor with the ICCID sees status and packages only. */
export function ownsCard(card: Pick<CardRow, 'user_id'>, viewer: Viewer | null): boolean {
  return viewer !== null && card.user_id !== null && card.user_id === viewer.id;
}

/** Card.user_id of a card another account owns: the page warns, and never learns whose it is. */
export const ANOTHER_OWNER = -1;

/**
 * Card.user_id as the caller may see it: 0 unbound (spec: "user_id (0 = unbound)"), the caller's own id on the
 * caller's card, ANOTHER_OWNER on anyone else's (an account id would tell a guesser whose card a number is).
 */
export function visibleOwner(card: Pick<CardRow, 'user_id'>, viewer: Viewer | null): number {
  if (card.user_id === null) return 0;
  return ownsCard(card, viewer) ? card.user_id : ANOTHER_OWNER;
}

/**
 * The day count of an expiry warning ('2 days' → 2, also for an operator's text of that form), for the screens to
 * write in the reader's language; null for any other text and for no warning (the screens then show the text).
 */
export function warnDays(warn: string): number | null {
  const match = /^(\d+) days?$/.exec(warn.trim());
  return match ? Number(match[1]) : null;
}

/** The card page's card: status_str from the card status, expire_date from expire_timestamp (spec section 7). */
export function toCard(row: CardRow, viewer: Viewer | null, now: number = Date.now()): Card {
  const ownedByAnother = viewer !== null && row.user_id !== null && row.user_id !== viewer.id;
  // An operator's own warning text, else the days left once the end is near.
  const warn = row.warn ?? expiryWarn(row.expire_timestamp, now);
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
    last_seen_country: row.last_seen_country,
    last_seen_at: toEpochSeconds(row.last_seen_at),
    card_email: ownsCard(row, viewer) ? (row.email ?? '') : '',
    kind: row.kind,
    renewal: row.renewal,
    create: toEpochSeconds(row.last_order_at),
    show_alert: row.show_alert,
    unlimited: row.unlimited,
    in_agent: !row.agent_is_default,
    agent_version: row.agent_version,
    card_kind: row.card_kind,
    user_id: visibleOwner(row, viewer),
    // Another account's card: the page warns and hides the shared-plan tab (spec section 4, login gating).
    show_share_plan: row.show_share_plan && !ownedByAnother,
    hasKeys: row.has_keys,
    warn,
    warn_days: warnDays(warn),
    is_third_party: row.is_third_party,
    ...(viewer !== null ? { other_user: ownedByAnother } : {}),
  };
}

const DAY_MS = 86_400_000;

/** Whole days since `since` (0 when unknown or in the future). */
export function daysSince(since: Date | null, now: number = Date.now()): number {
  if (!since) return 0;
  return Math.max(0, Math.floor((now - since.getTime()) / DAY_MS));
}

/** A SIM card or eSIM profile in the card list (EsimCardInfo); a third-party card carries no data figures. */
export function toListCard(row: ListCardRow, now: number = Date.now()): EsimCardInfo {
  const thirdParty = row.is_third_party;
  const used = thirdParty ? 0 : row.used_bytes;
  const total = thirdParty || row.unlimited ? 0 : row.total_bytes;
  const unlimited = row.unlimited && !thirdParty;
  const warn = row.warn ?? expiryWarn(row.expire_timestamp, now);
  return {
    iccid: row.iccid,
    name: row.name ?? '',
    kind: row.kind,
    available_days: daysLeft(row.expire_timestamp, now),
    total_active: daysSince(row.activated_at, now),
    total_str: unlimited ? 'Unlimited' : formatBytes(total),
    total: bytesToMb(total),
    used: bytesToMb(used),
    remain_str: unlimited ? 'Unlimited' : formatBytes(Math.max(0, total - used)),
    remain_mb: bytesToMb(Math.max(0, total - used)),
    unlimited,
    expire_date: formatDate(row.expire_timestamp),
    warn,
    warn_days: warnDays(warn),
    is_third_party: thirdParty,
    action: row.action === 'install_fail' || row.action === 'delete' ? row.action : null,
    card_status_str: row.status,
    expire_timestamp: row.expire_timestamp,
    status_str: row.status,
    hasKeys: row.has_keys,
  };
}

export function toSlot(row: SlotRow): EidItem {
  return {
    eid: row.eid,
    iccid: row.enabled_iccid ?? '',
    name: row.name ?? '',
    status: row.status,
    total_slot: row.total_slot,
    usage_slot: row.usage_slot,
  };
}

export function toPool(row: PoolListRow, now: number = Date.now()): PoolCardInfo {
  return {
    id: row.pool_object_id,
    name: row.name ?? '',
    kind: row.kind,
    available_days: daysLeft(row.expire_timestamp, now),
    total_active: daysSince(row.started_at, now),
    total_str: formatBytes(row.total_bytes),
    total: bytesToMb(row.total_bytes),
    remain: bytesToMb(Math.max(0, row.total_bytes - row.used_bytes)),
    remain_str: formatBytes(Math.max(0, row.total_bytes - row.used_bytes)),
    expire_date: formatDate(row.expire_timestamp),
    warn: row.warn ?? '',
    warn_days: warnDays(row.warn ?? ''),
    status_str: row.status,
    used_pool_lines: row.used_pool_lines,
    pool_lines: row.pool_lines,
  };
}

/** Package records split by status: list1 active, list2 init, list3 stop or invalid. */
export function toRecordGroups(rows: PackageRecordRow[]): PackageRecordGroups {
  const groups: PackageRecordGroups = { list1: [], list2: [], list3: [] };
  for (const row of rows) {
    const record: PackageRecord = {
      id: row.id,
      name: row.name,
      status_str: row.status,
      expire_date: formatDate(row.expire_timestamp),
      create: toEpochSeconds(row.created_at) ?? 0,
      total_str: row.unlimited ? 'Unlimited' : row.data_bytes === null ? '' : formatBytes(row.data_bytes),
      used_str: formatBytes(row.used_bytes),
      used_mb: bytesToMb(row.used_bytes),
      total_mb: row.unlimited || row.data_bytes === null ? null : bytesToMb(row.data_bytes),
      unlimited: row.unlimited,
      renewal: row.renewal,
      ...(row.provider_state === 'none' ? {} : { network: row.provider_state }),
    };
    if (row.status === 'active') groups.list1.push(record);
    else if (row.status === 'init') groups.list2.push(record);
    else groups.list3.push(record);
  }
  return groups;
}
