import { type FastifyInstance } from 'fastify';
import { type CallResponse } from 'shared-contracts/schemas';
import { loadSupportConfig } from '../../config';
import { defineCall, type CallRoute } from '../../http/calls';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { sendLogged } from '../../mail';
import { toEpochSeconds } from '../../lib/format';
import { sha256Hex } from '../../lib/secrets';
import { type SessionUser } from '../users/repository';
import { supportMessageMail } from './mails';
import { createSupportRepository, type SupportMessageRow, type ThreadOwner } from './repository';

/** Stored as support's first reply; the page shows its own translation of it (auto: true). */
export const SUPPORT_ACK_TEXT =
  'Thanks, we got your message. Our support team answers by e-mail within 24 hours, and you will find the answer here too.';

type SupportMessage = CallResponse<'supportThread'>['messages'][number];

const NO_IDENTITY = 'log in or send the support token of this device';

function toMessage(row: SupportMessageRow): SupportMessage {
  return {
    id: row.id,
    client_id: row.client_id,
    sender: row.sender,
    body: row.body,
    auto: row.auto,
    create: toEpochSeconds(row.created_at) ?? 0,
  };
}

/** The caller's own thread: the account's when logged in, else the one of the device's token. */
function ownerOf(user: SessionUser | null, token: string | undefined): ThreadOwner {
  if (user) return { userId: user.id };
  if (token) return { tokenHash: sha256Hex(token) };
  throw new ApiError(ERROR_CODES.PARAM_ERROR, NO_IDENTITY);
}

/**
 * The built-in support chat (the default when no external chat is configured). No thread id ever crosses the
 * wire, so a caller can only reach their own conversation. Each new message is mailed to the operators.
 */
export function supportCalls(app: FastifyInstance, settings = loadSupportConfig()): CallRoute[] {
  const repo = createSupportRepository(app.db);

  return [
    defineCall('supportThread', { auth: 'optional' }, async ({ token }, { user }) => {
      const owner = ownerOf(user, token);
      const id = await repo.tx(async (q) => {
        if (user && token) await repo.claimVisitorThread(q, user.id, sha256Hex(token));
        return repo.findThread(owner, q);
      });
      return { messages: id === undefined ? [] : (await repo.messages(id)).map(toMessage) };
    }),

    // Rate-limited per IP like the other calls that mail someone.
    defineCall('supportSend', { auth: 'optional', rateLimited: true }, async (body, { user }) => {
      const owner = ownerOf(user, body.token);
      const email = user?.email ?? body.email?.replace(/\s+/g, '').toLowerCase() ?? null;
      const details = { email, iccid: body.iccid ?? null, lang: body.lang ?? null };
      const stored = await repo.tx(async (q) => {
        if (user && body.token) await repo.claimVisitorThread(q, user.id, sha256Hex(body.token));
        const threadId = await repo.ensureThread(q, owner, details);
        const messageId = await repo.addUserMessage(q, {
          threadId,
          clientId: body.client_id,
          body: body.body,
          userId: user?.id ?? null,
          ...details,
        });
        if (messageId !== undefined) await repo.acknowledge(q, threadId, SUPPORT_ACK_TEXT);
        return { threadId, messageId };
      });

      // The message is stored whatever the mail transport does; a failed mail is logged for the operators.
      if (stored.messageId !== undefined) {
        const mail = supportMessageMail(settings.SUPPORT_EMAIL, {
          threadId: stored.threadId,
          body: body.body,
          userId: user?.id ?? null,
          ...details,
        });
        // Logged either way (mail_log); the message is kept even when the mail fails.
        await sendLogged(app.mailer, mail, app.cards.logMail).catch((error: unknown) => {
          app.log.error({ err: error }, 'support mail failed');
        });
      }
      return { messages: (await repo.messages(stored.threadId)).map(toMessage) };
    }),
  ];
}
