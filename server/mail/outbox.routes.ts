import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OutboxMessage } from '#domain/outbox';
import {
  outboxAttachmentParams,
  outboxIdParams,
  outboxListQuery,
  outboxListResponse,
  outboxMessageSchema,
} from '#domain/outbox';
import { type Authenticate, currentUser } from '../auth/hooks';
import type { Rights } from '../auth/rights';
import { attachmentDisposition } from '../http/download';
import { bearer, errors } from '../http/schemas';
import { quoteLinksForCaller } from '../modules/shared/quote-read';
import type { OutboxService } from './outbox.service';

export type OutboxRoutesDeps = {
  outbox: OutboxService;
  authenticate: Authenticate;
};

/** A stored content type as sent back, or a download of unknown bytes when it looks odd. */
const safeType = (type: string) => (/^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : 'application/octet-stream');

/** A message as the caller may read it: a quote's link keeps its token only for quote.send. */
const shown = (message: OutboxMessage, rights: Rights): OutboxMessage => ({
  ...message,
  text: quoteLinksForCaller(message.text, rights),
});

/** Every e-mail the application wrote, with its delivery state: admins only (it holds customers' mail). */
export const outboxRoutes =
  (deps: OutboxRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);

    app.get(
      '/api/outbox',
      {
        config: { permission: 'outbox.read' },
        schema: {
          tags: ['outbox'],
          security: bearer,
          querystring: outboxListQuery,
          response: { 200: outboxListResponse, ...errors(400, 401, 403) },
        },
      },
      async (request) => {
        const page = await deps.outbox.list(request.query);
        const rights = currentUser(request).permissions;
        return { ...page, data: page.data.map((m) => shown(m, rights)) };
      },
    );

    app.get(
      '/api/outbox/:id',
      {
        config: { permission: 'outbox.read' },
        schema: {
          tags: ['outbox'],
          security: bearer,
          description:
            "One message: recipient, subject, body, delivery state and attachments. Without quote.send, a customer's quote link in the body reads /quote/[hidden].",
          params: outboxIdParams,
          response: { 200: outboxMessageSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => shown(await deps.outbox.get(request.params.id), currentUser(request).permissions),
    );

    app.post(
      '/api/outbox/:id/retry',
      {
        config: { permission: 'outbox.read' },
        schema: {
          tags: ['outbox'],
          security: bearer,
          description:
            'Sends a failed message again: it is pending and due now, for one more attempt. 409 when it is not failed, or when no mail server is configured.',
          params: outboxIdParams,
          response: { 200: outboxMessageSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const message = await deps.outbox.retry(request.params.id);
        request.log.info({ outboxId: message.id, userId: request.authUser?.id }, 'mail: message retried');
        return shown(message, currentUser(request).permissions);
      },
    );

    app.get(
      '/api/outbox/:id/attachments/:attachmentId',
      {
        config: { permission: 'outbox.read' },
        schema: {
          tags: ['outbox'],
          security: bearer,
          description: "One attachment of a message, as a download, by the id the message's list gives it.",
          params: outboxAttachmentParams,
          // Bytes, sent as they are: Fastify serialises no Buffer.
          response: { 200: z.unknown().describe('The file'), ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const file = await deps.outbox.attachment(request.params.id, request.params.attachmentId);
        return reply
          .type(safeType(file.content_type))
          .header('content-disposition', attachmentDisposition(file.filename))
          .header('cache-control', 'private, no-store')
          .send(file.content);
      },
    );
  };
