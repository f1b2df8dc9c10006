import { randomBytes, randomInt } from 'node:crypto';
import { type Queryable } from '../../../db/index';
import { type IssuedProfile, type ProfileState, type ProfileStatus } from './types';

/**
 * The simulator's eSIM profiles: issued with a random ICCID of the shop's range and a random matching ID (never
 * derived from anything the shop knows, such as an order number), then moved on the simulator's clock as a phone
 * would: released (waiting for the download) → downloaded → installed → enabled, or → install_fail for the set share
 * of profiles (decided, with its reason, when the profile is issued). Enable, disable and delete are the slot
 * page's remote actions.
 */

/** ITU-T E.118 prefix of the shop's profiles: 89 (telecom), 882 (international networks), issuer 47. */
export const SHOP_ICCID_PREFIX = '8988247';
/** Random digits after the prefix (then the Luhn check digit): 10^12 ICCIDs, drawn with a CSPRNG. */
const RANDOM_DIGITS = 12;

/** Seconds a profile stays in each step before the simulated phone takes the next one. */
export const PROFILE_STEP_SECONDS = { released: 60, downloaded: 30, installed: 30 } as const;
export type ProfileSteps = { released: number; downloaded: number; installed: number };

/**
 * The steps for a phone that takes `installSeconds` (simulated) from release to installed (SIMULATOR_INSTALL_SECONDS):
 * two thirds waiting for the download, one third downloading; enabled 30 s after it is installed.
 */
export function profileSteps(installSeconds: number): ProfileSteps {
  return {
    released: (installSeconds * 2) / 3,
    downloaded: installSeconds / 3,
    installed: PROFILE_STEP_SECONDS.installed,
  };
}

const FAIL_REASONS: ReadonlyArray<string> = [
  'the device has no room for another profile',
  'the download was interrupted',
  'the device refused the profile (not compatible)',
];

/** Luhn check digit of a digit string (ICCIDs end with one). */
export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** A random ICCID of the shop's range: 20 digits with its Luhn check digit. */
export function randomShopIccid(): string {
  let digits = '';
  for (let i = 0; i < RANDOM_DIGITS; i += 1) digits += String(randomInt(10));
  const body = `${SHOP_ICCID_PREFIX}${digits}`;
  return `${body}${luhnDigit(body)}`;
}

/** A matching ID in the usual form (K2-XXXXXX-XXXXXX-XXXXXX): random, uppercase letters and digits. */
export function randomMatchingId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(18);
  // 256 is a multiple of 32: every character equally likely.
  const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
  return `K2-${chars.slice(0, 6)}-${chars.slice(6, 12)}-${chars.slice(12, 18)}`;
}

/** Whether a new profile will fail to install (share 0..1), and why. */
export function failureFor(share: number): string | null {
  if (share <= 0 || randomInt(1_000_000) >= Math.round(share * 1_000_000)) return null;
  return FAIL_REASONS[randomInt(FAIL_REASONS.length)] ?? FAIL_REASONS[0] ?? 'install failed';
}

export interface SimulatorProfileRow {
  iccid: string;
  eid: string;
  reference: string;
  smdp_address: string;
  matching_id: string;
  assignment_id: string | null;
  state: ProfileState;
  fail_reason: string | null;
  released_at: Date;
  state_at: Date;
  installed_at: Date | null;
}

export const PROFILE_COLUMNS = `iccid, eid, reference, smdp_address, matching_id, assignment_id, state, fail_reason,
  released_at, state_at, installed_at`;

export const issuedOf = (row: SimulatorProfileRow): IssuedProfile => ({
  iccid: row.iccid,
  smdpAddress: row.smdp_address,
  matchingId: row.matching_id,
  assignmentId: row.assignment_id,
});

export const statusOf = (row: SimulatorProfileRow): ProfileStatus => ({
  state: row.state,
  reason: row.state === 'install_fail' ? row.fail_reason : null,
  installedAt: row.installed_at,
});

/** The profile as it stands at `now`: the steps whose time has come taken, in order. Answers whether it moved. */
export function advanceProfile(
  row: SimulatorProfileRow,
  now: Date,
  steps: ProfileSteps = PROFILE_STEP_SECONDS,
): boolean {
  let moved = false;
  for (;;) {
    const step =
      row.state === 'released' || row.state === 'downloaded' || row.state === 'installed' ? steps[row.state] : null;
    if (step === null) return moved;
    const due = new Date(row.state_at.getTime() + step * 1000);
    if (due.getTime() > now.getTime()) return moved;
    if (row.state === 'released') row.state = 'downloaded';
    else if (row.state === 'downloaded') {
      row.state = row.fail_reason ? 'install_fail' : 'installed';
      if (row.state === 'installed') row.installed_at = due;
    } else row.state = 'enabled';
    row.state_at = due;
    moved = true;
  }
}

/** Writes moved profiles back; enabled ones are on the network from then (the device attached). */
export async function writeProfiles(q: Queryable, rows: readonly SimulatorProfileRow[]): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `UPDATE simulator_profiles p SET state = v.state, state_at = v.state_at, installed_at = v.installed_at
       FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[])
            AS v(iccid, state, state_at, installed_at)
      WHERE p.iccid = v.iccid`,
    [
      rows.map((row) => row.iccid),
      rows.map((row) => row.state),
      rows.map((row) => row.state_at),
      rows.map((row) => row.installed_at),
    ],
  );
  const enabled = rows.filter((row) => row.state === 'enabled');
  if (enabled.length > 0) {
    await q.query(
      `UPDATE simulator_cards c SET last_seen_at = greatest(c.last_seen_at, v.at)
         FROM unnest($1::text[], $2::timestamptz[]) AS v(iccid, at) WHERE c.iccid = v.iccid`,
      [enabled.map((row) => row.iccid), enabled.map((row) => row.state_at)],
    );
  }
}
