import { type FastifyInstance } from 'fastify';
import { type EsimProfile } from 'shared-contracts/schemas';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { defineCall, type CallRoute } from '../../http/calls';
import { formatBytes, formatDate } from '../../lib/format';
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
  return {
    iccid: row.iccid,
    name: row.name ?? '',
    state,
    status_str: row.status,
    action: row.action === 'install_fail' || row.action === 'delete' ? row.action : null,
    activation_code: withCodes && waiting ? `LPA:1$${row.smdp_address}$${row.matching_id}` : '',
    expire_date: formatDate(row.expire_timestamp),
    total_str: row.unlimited && !row.is_third_party ? 'Unlimited' : formatBytes(total),
    remain_str: row.unlimited && !row.is_third_party ? 'Unlimited' : formatBytes(Math.max(0, total - row.used_bytes)),
  };
}

/** eSIM slots: the slot page's header and its profiles (design: the spec does not show these payloads). */
export function esimCalls(app: FastifyInstance): CallRoute[] {
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
  ];
}
