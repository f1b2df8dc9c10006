import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { rawBodyOf, registerFormRoutes, registerRawBodyRoutes } from '../../http/body-scopes';
import { SUCCESS_CODE, SUCCESS_MESSAGE } from '../../http/envelope';
import { acceptEvent, isRejection } from './fulfilment';
import {
  METHOD_REMOVAL_CSP,
  METHOD_REMOVAL_PATH,
  removalPage,
  RemovalToken,
  removeByToken,
  showRemoval,
  type RemovalState,
} from './method-removal';
import { SANDBOX_PAGE_PATH } from './providers/sandbox';
import { PROVIDER_NAMES, WebhookRejected, WebhookUnverifiable, type ProviderName } from './providers/types';
import { actOnSession, showSession, type SandboxAction, type SandboxOutcome } from './sandbox-actions';
import { sandboxPageCsp, SANDBOX_CARDS } from './sandbox-page';

/** Provider events can be larger than a call's body (Stripe sends whole objects). */
const WEBHOOK_BODY_LIMIT = 512 * 1024;
const FORM_BODY_LIMIT = 4 * 1024;

export const WEBHOOK_PATH = '/eshop/webhooks/:provider';

const SessionId = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/);
const SandboxForm = z.union([
  z.object({ action: z.literal('pay'), card: z.enum(Object.keys(SANDBOX_CARDS) as ['instant', 'challenge']) }),
  z.object({ action: z.literal('verify'), code: z.string().max(12) }),
  z.object({ action: z.literal('decline') }),
  z.object({ action: z.literal('cancel') }),
]);

/**
 * The payment endpoints that are not calls of the map: the webhook every provider posts to (raw body, verified by
 * the provider's signature), the sandbox's hosted pay page (HTML forms) and the page that removes a visitor's saved
 * payment method (method-removal.ts: GET asks, POST removes). Each sits in its own scope with its own body parser;
 * the calls keep accepting JSON only.
 */
export async function paymentHttpRoutes(app: FastifyInstance): Promise<void> {
  const { payments } = app;

  await registerRawBodyRoutes(app, WEBHOOK_BODY_LIMIT, (scope) => {
    scope.post<{ Params: { provider: string } }>(WEBHOOK_PATH, { schema: { hide: true } }, async (request) => {
      const name = request.params.provider as ProviderName;
      const provider = PROVIDER_NAMES.includes(name) ? payments.providers[name] : undefined;
      if (!provider) throw new ApiError(ERROR_CODES.PARAM_ERROR, 'unknown payment provider', 404);
      const raw = rawBodyOf(request);
      let event;
      try {
        event = await provider.verifyWebhook(raw, request.headers, payments.webhookGuard(name, request.ip));
      } catch (error) {
        if (error instanceof WebhookUnverifiable) {
          // Not a verdict on the event: the provider delivers it again later (5xx), when the check can be made.
          request.log.warn({ provider: name, err: error }, 'webhook not verifiable now');
          throw new ApiError(ERROR_CODES.SYSTEM_ERROR, 'webhook not verified yet', 503);
        }
        if (!(error instanceof WebhookRejected)) throw error;
        request.log.warn({ provider: name, reason: error.message }, 'webhook rejected');
        throw new ApiError(ERROR_CODES.PARAM_ERROR, 'webhook rejected', 400);
      }
      // Stored once with its processing job, then processed now; if this process dies in between, the job does it.
      const accepted = await acceptEvent(app.db, payments.jobs, name, event);
      let result = accepted.result;
      try {
        result = await payments.process(accepted.id);
      } catch (error) {
        request.log.error({ err: error, eventId: event.eventId }, 'payment event not processed yet; the job retries');
      }
      if (isRejection(result)) {
        request.log.warn({ provider: name, eventId: event.eventId, result }, 'payment event does not match its order');
        throw new ApiError(ERROR_CODES.PARAM_ERROR, 'payment does not match the order', 400);
      }
      if (result === 'fulfilled' && event.orderId !== null) {
        await payments.sendReceipt(event.orderId).catch((error: unknown) => {
          request.log.warn({ err: error, orderId: event.orderId }, 'receipt not sent yet; the job retries');
        });
      }
      return { code: SUCCESS_CODE, message: SUCCESS_MESSAGE, data: null };
    });
  });

  await registerFormRoutes(app, FORM_BODY_LIMIT, (scope) => {
    const send = (reply: FastifyReply, outcome: SandboxOutcome) => {
      reply
        .header('cache-control', 'no-store')
        // The session id is in the address: never hand it to another site.
        .header('referrer-policy', 'no-referrer')
        .header('content-security-policy', sandboxPageCsp(payments.publicOrigin));
      if (outcome.kind === 'redirect') return reply.redirect(outcome.url, 303);
      return reply.code(outcome.status).type('text/html; charset=utf-8').send(outcome.html);
    };

    const sandbox = () => {
      if (!payments.sandbox) throw new ApiError(ERROR_CODES.PARAM_ERROR, 'not found', 404);
      return payments.sandbox;
    };

    const sessionId = (raw: string) => {
      const parsed = SessionId.safeParse(raw);
      if (!parsed.success) throw new ApiError(ERROR_CODES.PARAM_ERROR, 'not found', 404);
      return parsed.data;
    };

    scope.get<{ Params: { id: string } }>(
      `${SANDBOX_PAGE_PATH}/:id`,
      { schema: { hide: true } },
      async (request, reply) => send(reply, await showSession(sandbox(), sessionId(request.params.id))),
    );

    // A visitor's saved method, from the link in a renewal mail: GET shows it and asks (a mail scanner following the
    // link changes nothing), POST removes it. A malformed, unknown, forged or expired token is a page with a 4xx.
    const removal =
      (remove: boolean) => async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
        const token = RemovalToken.safeParse(request.params.token);
        const now = payments.now();
        const state: RemovalState = !token.success
          ? { kind: 'invalid' }
          : remove
            ? await removeByToken(app.db, token.data, now)
            : await showRemoval(app.db, token.data, now);
        const page = removalPage(state, request.headers['accept-language']);
        return (
          reply
            .code(page.status)
            .header('cache-control', 'no-store')
            // The token is in the address: never hand it to another site.
            .header('referrer-policy', 'no-referrer')
            .header('content-security-policy', METHOD_REMOVAL_CSP)
            .type('text/html; charset=utf-8')
            .send(page.html)
        );
      };
    scope.get(`${METHOD_REMOVAL_PATH}/:token`, { schema: { hide: true } }, removal(false));
    scope.post(`${METHOD_REMOVAL_PATH}/:token`, { schema: { hide: true } }, removal(true));

    scope.post<{ Params: { id: string } }>(
      `${SANDBOX_PAGE_PATH}/:id`,
      { schema: { hide: true } },
      async (request, reply) => {
        const deps = sandbox();
        const id = sessionId(request.params.id);
        const form = SandboxForm.safeParse(request.body);
        if (!form.success) throw new ApiError(ERROR_CODES.PARAM_ERROR, undefined, 400);
        return send(reply, await actOnSession(deps, id, form.data as SandboxAction));
      },
    );
  });
}
