import { type PackageRecord } from 'shared-contracts';

// A package record's tone by its status, and the tones' colours: RecordCard's styles and /pkg's early view.

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
