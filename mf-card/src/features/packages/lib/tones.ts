import { type PackageRecord } from 'shared-contracts';

// A package record's tone by its status, and the tones' colours: RecordCard's styles.

export type Tone = 'active' | 'pending' | 'stopped' | 'expired';

export const TONES: Record<PackageRecord['status_str'], Tone> = {
  active: 'active',
  init: 'pending',
  stop: 'stopped',
  invalid: 'expired',
};

// Text on its background at WCAG AA (4.5:1 or more): the active green is the theme's primaryDark (#06A552 was 2.9:1).
export const TONE_COLOURS: Record<Tone, { background: string; color: string }> = {
  active: { background: '#E7F8EF', color: '#047A3D' },
  pending: { background: '#E8F1FF', color: '#1660D4' },
  stopped: { background: '#EEF0F3', color: '#4A5059' },
  expired: { background: '#FDECEC', color: '#C8373C' },
};

/** The status badge of a record: a package the network refused was refunded, not expired. */
export function recordBadge(record: Pick<PackageRecord, 'status_str' | 'network'>): {
  key: PackageRecord['status_str'] | 'refunded';
  tone: Tone;
} {
  return record.network === 'refused'
    ? { key: 'refunded', tone: 'stopped' }
    : { key: record.status_str, tone: TONES[record.status_str] };
}

/**
 * The line under a record's name about the network's side, in the tones' colours: paid and being set up, or refused
 * (and refunded). null when there is nothing to say ('applied', or a record from before the network side).
 */
export function networkNote(
  record: Pick<PackageRecord, 'network'>,
): { key: 'network.pending' | 'network.refused'; tone: Tone } | null {
  if (record.network === 'pending') return { key: 'network.pending', tone: 'pending' };
  if (record.network === 'refused') return { key: 'network.refused', tone: 'expired' };
  return null;
}
