import { type FastifyInstance } from 'fastify';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { defineCall, type CallRoute } from '../../http/calls';
import { OTHER_ACCOUNT } from '../cards/routes';
import { type SessionUser } from '../users/repository';
import { DEFAULT_THRESHOLDS } from './usage';

interface SettingsRow {
  user_id: number | null;
  email: string | null;
  thresholds: number[] | null;
  expiry: boolean | null;
  mail: boolean | null;
}

function toSettings(row: SettingsRow) {
  return {
    thresholds: row.thresholds ?? [...DEFAULT_THRESHOLDS],
    expiry: row.expiry ?? true,
    mail: row.mail ?? true,
    email: row.email ?? '',
  };
}

/**
 * The card's alert settings (beyond the spec; /card/set): thresholds of data left, the expiry alert, the alert mails.
 * The card's owner only, like the other card settings: unknown card 10102, anyone else 10024.
 */
export function connectivityCalls(app: FastifyInstance): CallRoute[] {
  const read = (iccid: string) =>
    app.db.one<SettingsRow>(
      `SELECT c.user_id, c.email, s.thresholds, s.expiry, s.mail
         FROM cards c LEFT JOIN card_alert_settings s ON s.iccid = c.iccid WHERE c.iccid = $1`,
      [iccid],
    );

  async function own(iccid: string, user: SessionUser): Promise<SettingsRow> {
    const row = await read(iccid);
    if (!row) throw new ApiError(ERROR_CODES.CARD_NOT_FOUND);
    if (row.user_id !== user.id) throw new ApiError(ERROR_CODES.FORBIDDEN, OTHER_ACCOUNT);
    return row;
  }

  return [
    defineCall('alertSettings', { auth: 'required' }, async ({ iccid }, { user }) =>
      toSettings(await own(iccid, user)),
    ),

    defineCall('setAlertSettings', { auth: 'required' }, async ({ iccid, thresholds, expiry, mail }, { user }) => {
      await own(iccid, user);
      // Highest first: the order the alerts come in as data runs out.
      const sorted = [...thresholds].sort((a, b) => b - a);
      const stored = await app.db.one(
        `INSERT INTO card_alert_settings (iccid, thresholds, expiry, mail)
         SELECT c.iccid, $2::smallint[], $3, $4 FROM cards c WHERE c.iccid = $1 AND c.user_id = $5
         ON CONFLICT (iccid) DO UPDATE SET thresholds = EXCLUDED.thresholds, expiry = EXCLUDED.expiry,
                                           mail = EXCLUDED.mail, updated_at = now()
         RETURNING iccid`,
        [iccid, sorted, expiry, mail, user.id],
      );
      // The card changed hands between the check and the write.
      if (!stored) throw new ApiError(ERROR_CODES.FORBIDDEN, OTHER_ACCOUNT);
      return toSettings((await read(iccid)) ?? { user_id: null, email: null, thresholds: sorted, expiry, mail });
    }),
  ];
}
