import { type FastifyInstance } from 'fastify';
import { type EsimProfile } from 'shared-contracts/schemas';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { defineCall, requireUser, type CallData, type CallRoute } from '../../http/calls';
import { actionOf, storeProfileStatus } from '../connectivity/esim-profiles';
import { type ProfileState } from '../connectivity/providers/types';
import { cardsChangedHands } from '../payments/repository';
import { bytesToMb, formatBytes, formatDate } from '../../lib/format';
import { NOT_YOURS_VISITOR, OTHER_ACCOUNT, SLOT_NOT_FOUND } from '../cards/routes';
import { type SlotRow } from '../cards/repository';
import { toSlot } from '../cards/view';
import { type SessionUser } from '../users/repository';

interface ProfileRow {
  iccid: string;
  name: string | null;
  status: string;
  action: string | null;
  smdp_address: string | null;
  matching_id: string | null;
  installed_at: Date | null;
  expire_timestamp: number | null;
  used_bytes: number;
  total_bytes: number;
  unlimited: boolean;
  is_third_party: boolean;
}

/**
 * A profile as the slot page shows it. Only a profile waiting for installation carries its activation code
 * (LPA:1$<SM-DP+>$<matching ID>), and only to the slot's account (`withCodes`).
 */
export function toProfile(row: ProfileRow, withCodes: boolean): EsimProfile {
  const state = row.action === 'enable' ? 'enabled' : row.action === 'disable' ? 'disabled' : 'pending';
  const waiting = row.action === 'install' && row.installed_at === null && row.smdp_address && row.matching_id;
  const total = row.is_third_party || row.unlimited ? 0 : row.total_bytes;
  const unlimited = row.unlimited && !row.is_third_party;
  return {
    iccid: row.iccid,
    name: row.name ?? '',
    state,
    status_str: row.status,
    action: row.action === 'install_fail' || row.action === 'delete' ? row.action : null,
    activation_code: withCodes && waiting ? `LPA:1$${row.smdp_address}$${row.matching_id}` : '',
    expire_date: formatDate(row.expire_timestamp),
    total_str: unlimited ? 'Unlimited' : formatBytes(total),
    remain_str: unlimited ? 'Unlimited' : formatBytes(Math.max(0, total - row.used_bytes)),
    total_mb: bytesToMb(total),
    remain_mb: bytesToMb(Math.max(0, total - row.used_bytes)),
    unlimited,
  };
}

export const PROFILE_NOT_FOUND = 'eSIM profile not found';
/** A device seen on a network within this long is online (eidCheckOnline). */
export const ONLINE_WINDOW_MS = 15 * 60_000;
/** Profiles on the device whose network presence counts for the slot (not failed, not deleted). */
const ON_DEVICE = ['install', 'enable', 'disable'];

/** The provider state a profile stood in before the provider was asked (demo rows carry only the action). */
function stateOfAction(action: string | null): ProfileState {
  switch (action) {
    case 'enable':
      return 'enabled';
    case 'disable':
      return 'disabled';
    case 'install_fail':
      return 'install_fail';
    case 'delete':
      return 'deleted';
    default:
      return 'released';
  }
}

interface SlotProfileRow {
  iccid: string;
  action: string | null;
  provider_state: ProfileState | null;
  fail_reason: string | null;
}

/** eSIM slots: the slot page's header and its profiles (design: the spec does not show these payloads). */
export function esimCalls(app: FastifyInstance): CallRoute[] {
  /**
   * The caller's own slot, for a change: a login (10013), an existing slot (10025), the caller's account (10024;
   * a slot no account holds is read-only to whoever holds its EID: bindEid first).
   */
  async function ownSlot(eid: string, user: SessionUser | null): Promise<SlotRow & { user_id: number }> {
    const caller = requireUser(user);
    const slot = await app.cards.findSlot(eid);
    if (!slot) throw new ApiError(ERROR_CODES.NOT_FOUND, SLOT_NOT_FOUND);
    if (slot.user_id !== caller.id) throw new ApiError(ERROR_CODES.FORBIDDEN, OTHER_ACCOUNT);
    return { ...slot, user_id: caller.id };
  }

  async function slotProfile(eid: string, iccid: string): Promise<SlotProfileRow> {
    const row = await app.db.one<SlotProfileRow>(
      `SELECT iccid, action, provider_state, fail_reason FROM esim_profiles WHERE eid = $1 AND iccid = $2`,
      [eid, iccid],
    );
    if (!row) throw new ApiError(ERROR_CODES.NOT_FOUND, PROFILE_NOT_FOUND);
    return row;
  }

  /**
   * The profile's state, asked of the provider while it may still move on its own (waiting for installation, or
   * installed); failed and deleted profiles are final. A provider that does not know the profile (demo rows) or
   * cannot be reached leaves the stored state.
   */
  async function currentState(row: SlotProfileRow): Promise<{ state: ProfileState; reason: string | null }> {
    const stored = { state: row.provider_state ?? stateOfAction(row.action), reason: row.fail_reason };
    if (stored.state === 'install_fail' || stored.state === 'deleted') return stored;
    try {
      const status = await app.connectivity.provider.profileStatus(row.iccid);
      if (!status) return stored;
      if (status.state !== row.provider_state || actionOf(status.state) !== row.action) {
        await storeProfileStatus(app.db, row.iccid, status);
      }
      return { state: status.state, reason: status.reason };
    } catch (error) {
      app.log.warn({ err: error, iccid: row.iccid }, 'profile status not available; answering the stored one');
      return stored;
    }
  }

  async function syncSlotProfiles(eid: string): Promise<void> {
    const moving = await app.db.query<SlotProfileRow>(
      `SELECT iccid, action, provider_state, fail_reason FROM esim_profiles
        WHERE eid = $1 AND action IN ('install', 'enable', 'disable') ORDER BY id`,
      [eid],
    );
    for (const row of moving) await currentState(row);
  }

  /** A slot no account holds answers anyone with its EID; a bound slot only its account (10024 otherwise). */
  async function visibleSlot(eid: string, user: SessionUser | null): Promise<SlotRow> {
    const slot = await app.cards.findSlot(eid);
    if (!slot) throw new ApiError(ERROR_CODES.NOT_FOUND, SLOT_NOT_FOUND);
    if (slot.user_id !== null && slot.user_id !== user?.id) {
      throw new ApiError(ERROR_CODES.FORBIDDEN, user ? OTHER_ACCOUNT : NOT_YOURS_VISITOR);
    }
    return slot;
  }

  return [
    defineCall('eidInfo', { auth: 'optional' }, async ({ eid }, { user }) => {
      const slot = await visibleSlot(eid, user);
      // The slot's e-mail only to its account.
      return { ...toSlot(slot), email: slot.user_id !== null ? (slot.email ?? '') : '' };
    }),

    // Newest first: a profile just bought (waiting to be installed) leads the list.
    defineCall('eidProfileList', { auth: 'optional' }, async ({ eid }, { user }) => {
      const slot = await visibleSlot(eid, user);
      await syncSlotProfiles(slot.eid);
      const rows = await app.db.query<ProfileRow>(
        `SELECT c.iccid, c.name, c.status, p.action, p.smdp_address, p.matching_id, p.installed_at,
                c.expire_timestamp, c.used_bytes, c.total_bytes, c.unlimited, c.is_third_party
           FROM esim_profiles p JOIN cards c ON c.iccid = p.iccid
          WHERE p.eid = $1
          ORDER BY p.created_at DESC, p.id DESC`,
        [slot.eid],
      );
      return { list: rows.map((row) => toProfile(row, slot.user_id !== null)) };
    }),

    // Enable, disable or delete a profile on the device: the slot's account only. An enabled profile is disabled
    // before it is deleted; a change the profile already has succeeds without a call.
    defineCall('eidAction', { auth: 'optional' }, async ({ eid, iccid, action }, { user }) => {
      const slot = await ownSlot(eid, user);
      const row = await slotProfile(slot.eid, iccid);
      const { state, reason } = await currentState(row);
      const target: ProfileState = action === 'enable' ? 'enabled' : action === 'disable' ? 'disabled' : 'deleted';
      if (state === target || (action === 'disable' && state === 'installed')) return null;
      if (state === 'deleted') throw new ApiError(ERROR_CODES.PARAM_ERROR, 'this profile was deleted from the device');
      if (action === 'delete' && state === 'enabled') {
        throw new ApiError(ERROR_CODES.PARAM_ERROR, 'disable the profile before deleting it');
      }
      if (action !== 'delete' && state === 'install_fail') {
        throw new ApiError(
          ERROR_CODES.PARAM_ERROR,
          `the profile could not be installed${reason ? `: ${reason}` : ''}; delete it or contact support`,
        );
      }
      if (action !== 'delete' && (state === 'released' || state === 'downloaded')) {
        throw new ApiError(ERROR_CODES.PARAM_ERROR, 'the profile is not installed yet: install it first');
      }
      const done = await app.connectivity.provider.profileAction(iccid, action);
      if (done === 'unsupported') {
        throw new ApiError(
          ERROR_CODES.PARAM_ERROR,
          "this network cannot change the profile remotely: use the phone's eSIM settings",
        );
      }
      const status = (await app.connectivity.provider.profileStatus(iccid)) ?? {
        state: target,
        reason: null,
        installedAt: null,
      };
      await storeProfileStatus(app.db, iccid, status);
      return null;
    }),

    // The installation's progress as the provider reports it. A profile past its installation answers 100606
    // (installed and in use or switched off: nothing to install) or 100608 (deleted: its code is spent).
    defineCall('eidInstallProcess', { auth: 'optional' }, async ({ eid, iccid }, { user }) => {
      const slot = await visibleSlot(eid, user);
      const { state, reason } = await currentState(await slotProfile(slot.eid, iccid));
      const answers: Partial<Record<ProfileState, CallData<'eidInstallProcess'>>> = {
        released: { state: 'pending', progress: 0, reason: '' },
        downloaded: { state: 'downloading', progress: 50, reason: '' },
        installed: { state: 'installed', progress: 100, reason: '' },
        install_fail: { state: 'failed', progress: 0, reason: reason ?? 'install failed' },
      };
      const answer = answers[state];
      if (answer) return answer;
      if (state === 'deleted') {
        throw new ApiError(ERROR_CODES.ALREADY_INSTALLED_ALT, 'already installed (the profile was deleted since)');
      }
      throw new ApiError(ERROR_CODES.ALREADY_INSTALLED);
    }),

    // Whether the device was seen on a network lately: the provider's last-seen of the slot's profiles.
    defineCall('eidCheckOnline', { auth: 'optional' }, async ({ eid }, { user }) => {
      const slot = await visibleSlot(eid, user);
      const rows = await app.db.query<{ iccid: string }>(
        `SELECT iccid FROM esim_profiles WHERE eid = $1 AND action = ANY($2::text[]) ORDER BY id`,
        [slot.eid, ON_DEVICE],
      );
      const seen = await Promise.all(
        rows.map((row) =>
          app.connectivity.provider.lastSeen(row.iccid).catch((error: unknown) => {
            app.log.warn({ err: error, iccid: row.iccid }, 'last seen not available');
            return null;
          }),
        ),
      );
      const latest = seen.reduce<Date | null>(
        (best, item) => (item && (!best || item.at.getTime() > best.getTime()) ? item.at : best),
        null,
      );
      if (latest) {
        await app.db.query(`UPDATE esim_slots SET online_at = greatest(online_at, $2) WHERE eid = $1`, [
          slot.eid,
          latest,
        ]);
      }
      const online = latest !== null && app.connectivity.now().getTime() - latest.getTime() <= ONLINE_WINDOW_MS;
      return { online, last_seen: latest?.toISOString() ?? '' };
    }),

    // Renames the caller's slot ('' restores the default name); the schema trims and limits the name.
    defineCall('esimSlotSet', { auth: 'required' }, async ({ eid, name }, { user }) => {
      const slot = await ownSlot(eid, user);
      await app.db.query(`UPDATE esim_slots SET name = $3 WHERE eid = $1 AND user_id = $2`, [
        slot.eid,
        slot.user_id,
        name === '' ? null : name,
      ]);
      return null;
    }),

    // Removes the slot from the caller's account, with the profiles the caller held in it (as unbindCard does).
    defineCall('esimSlotDel', { auth: 'required' }, async ({ eid }, { user }) => {
      const slot = await ownSlot(eid, user);
      await app.db.tx(async (q) => {
        const taken = await q.one(
          `UPDATE esim_slots SET user_id = NULL, email = NULL WHERE eid = $1 AND user_id = $2 RETURNING eid`,
          [slot.eid, slot.user_id],
        );
        if (!taken) return;
        const cards = await q.query<{ iccid: string }>(
          `UPDATE cards SET user_id = NULL, updated_at = now() WHERE eid = $1 AND user_id = $2 RETURNING iccid`,
          [slot.eid, slot.user_id],
        );
        const iccids = cards.map((card) => card.iccid).sort();
        if (iccids.length === 0) return;
        await q.query(
          `DELETE FROM pool_members m USING pools p
            WHERE m.pool_id = p.id AND p.user_id = $2 AND m.iccid = ANY($1::text[])`,
          [iccids, slot.user_id],
        );
        await q.query(
          `INSERT INTO card_unbinds (user_id, iccid) SELECT $1, unnest($2::text[]) ON CONFLICT (user_id, iccid) DO NOTHING`,
          [slot.user_id, iccids],
        );
        await cardsChangedHands(q, iccids, null);
      });
      return null;
    }),
  ];
}
