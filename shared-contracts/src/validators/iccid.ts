// How ICCIDs are shown in the unbound-cards dialog: masked by default, grouped by 4 behind the eye toggle.
import { ICCID_MASK_KEEP } from '../constants';

/** First 4 and last 4 characters kept, the middle as '*' (same length). Too short to hide anything: unchanged. */
export function maskIccid(iccid: string): string {
  if (iccid.length <= ICCID_MASK_KEEP * 2) return iccid;
  const hidden = iccid.length - ICCID_MASK_KEEP * 2;
  return `${iccid.slice(0, ICCID_MASK_KEEP)}${'*'.repeat(hidden)}${iccid.slice(-ICCID_MASK_KEEP)}`;
}

/** Groups of 4 separated by single spaces; a shorter last group stays at the end. */
export function groupIccid(iccid: string): string {
  return (iccid.match(/.{1,4}/g) ?? []).join(' ');
}
