// Display rules of spec section 4 that the card, pool and eSIM remotes all apply to the same entities.
import type { EidItem, EsimCardInfo } from './schemas/entities';

export const STATUS_LABELS = {
  inventory: 'status.inventory',
  activated: 'status.activated',
  deactivated: 'status.deactivated',
  installFail: 'status.installFail',
  deleted: 'status.deleted',
  thirdParty: 'status.thirdParty',
} as const;

/** Ready/ready → inventory, Activated → activated, Suspension → deactivated; other values are shown as they are. */
export function statusLabelKey(status: string): string {
  if (status === 'Ready' || status === 'ready') return STATUS_LABELS.inventory;
  if (status === 'Activated') return STATUS_LABELS.activated;
  if (status === 'Suspension') return STATUS_LABELS.deactivated;
  return status;
}

export function isSuspended(status: string): boolean {
  return status === 'Suspension';
}

/** An eSIM card's label and whether it is drawn in the warning style (install_fail and delete have own labels). */
export function esimCardState(card: Pick<EsimCardInfo, 'action' | 'status_str' | 'is_third_party'>): {
  labelKey: string;
  warning: boolean;
} {
  if (card.is_third_party) return { labelKey: STATUS_LABELS.inventory, warning: false };
  if (card.action === 'install_fail') return { labelKey: STATUS_LABELS.installFail, warning: true };
  if (card.action === 'delete') return { labelKey: STATUS_LABELS.deleted, warning: true };
  return { labelKey: statusLabelKey(card.status_str), warning: isSuspended(card.status_str) };
}

/** Remaining share for the gauge: (total - used) / total as an integer percent, clamped to 0–100; 0 without total. */
export function gaugePercent(total: number, used: number): number {
  if (!(total > 0)) return 0;
  const percent = Math.trunc(((total - used) / total) * 100);
  return Math.min(100, Math.max(0, percent));
}

/** Free slots of an eSIM slot, never below 0. */
export function freeSlots(slot: Pick<EidItem, 'total_slot' | 'usage_slot'>): number {
  return Math.max(0, slot.total_slot - slot.usage_slot);
}

/** Expiry line: 'expire in' + warn when there is a warning, otherwise the date. */
export function expiryText(item: { warn: string; expire_date: string }): { warn: boolean; text: string } {
  return item.warn ? { warn: true, text: item.warn } : { warn: false, text: item.expire_date };
}

/** Keys of the default names in the `common` namespace (en is the spec's text: 'Shared Plan {index}', 'eSim Slot'). */
export const DEFAULT_NAME_KEYS = {
  pool: 'defaultName.pool',
  slot: 'defaultName.slot',
  slotNoIndex: 'defaultName.slotNoIndex',
} as const;

/** What the name helpers need of i18next's `t` (any namespace's: the keys name `common`). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** True when the user named the item: the name shown is theirs (marked translate="no"), not a translated default. */
export function isUserGivenName(name: string | null | undefined): boolean {
  return typeof name === 'string' && name.trim() !== '';
}

/**
 * Default names when the user has not named the item, in the page's language (1-based index in its list; a slot
 * whose place is not known, index null, is called without a number).
 */
export function poolDisplayName(name: string, index: number, t: Translate): string {
  return name.trim() || t(`common:${DEFAULT_NAME_KEYS.pool}`, { index });
}
export function slotDisplayName(name: string, index: number | null, t: Translate): string {
  if (name.trim()) return name.trim();
  return index === null
    ? t(`common:${DEFAULT_NAME_KEYS.slotNoIndex}`)
    : t(`common:${DEFAULT_NAME_KEYS.slot}`, { index });
}
/** eSIM: 'eSIM' + last 4 ICCID digits ('eSIM' alone without an ICCID); SIM: 'SIM' + last 4 characters. */
export function cardDisplayName(name: string, iccid: string, kind: 'esim' | 'sim'): string {
  if (name.trim()) return name.trim();
  const tail = iccid.slice(-4);
  return kind === 'sim' ? `SIM ${tail}`.trim() : tail ? `eSIM ${tail}` : 'eSIM';
}

/** Relative luminance of a #rgb or #rrggbb colour (WCAG 2.1); null for anything else. */
function luminance(hex: string): number | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(digits.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two colours (1 to 21); null when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * Text colour for a background that comes from data (a package tag's colours): the colour the data asks for when it
 * is readable (WCAG AA, 4.5:1), otherwise dark or white text, whichever reads better.
 */
export function readableTextColor(background: string, preferred: string, dark = '#1F2329'): string {
  const ratio = contrastRatio(background, preferred);
  if (ratio !== null && ratio >= 4.5) return preferred;
  const onDark = contrastRatio(background, '#FFFFFF') ?? 0;
  const onLight = contrastRatio(background, dark) ?? 0;
  return onLight >= onDark ? dark : '#FFFFFF';
}
