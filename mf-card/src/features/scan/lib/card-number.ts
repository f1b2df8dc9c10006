import { EID_LENGTH, ICCID_MAX, ICCID_MIN } from 'shared-contracts';

const isIccidLength = (digits: string) => digits.length >= ICCID_MIN && digits.length <= ICCID_MAX;

/**
 * The card number in a scanned code: a 32-digit EID, or an ICCID of 19–20 digits (preferring one that starts with
 * the telecom prefix 89). Barcodes on SIM holders carry the bare number; QR codes may wrap it in text or group it
 * with spaces or dashes. Null when the code holds no such number (an LPA activation code, a shop link...).
 */
export function extractCardNumber(raw: string): string | null {
  const runs = raw.match(/\d+/g) ?? [];
  // Digit groups split by single spaces or dashes ('8988 0000 0000 0000 0001'), joined.
  const grouped = (raw.match(/\d+(?:[ -]\d+)+/g) ?? []).map((group) => group.replace(/\D/g, ''));
  const candidates = [...runs, ...grouped];
  const eid = candidates.find((digits) => digits.length === EID_LENGTH);
  if (eid) return eid;
  const iccids = candidates.filter(isIccidLength);
  return iccids.find((digits) => digits.startsWith('89')) ?? iccids[0] ?? null;
}
