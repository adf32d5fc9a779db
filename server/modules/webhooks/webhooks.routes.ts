import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noQuery } from '#domain/roles';
import {
  webhookCreateBody,
  webhookCreatedSchema,
  webhookDeliveriesQuery,
  webhookDeliveriesResponse,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookIdParams,
  webhookListResponse,
  webhookPatchBody,
  webhookSecretSchema,
} from '#domain/webhooks';
import { type Authenticate, currentUser } from '../../auth/hooks';
import { bearer, deleted, errors } from '../../http/schemas';
import type { WebhooksService } from './webhooks.service';

export type WebhooksRoutesDeps = {
  webhooks: WebhooksService;
  authenticate: Authenticate;
};

const tags = ['webhooks'];
const config = { permission: 'settings.manage' } as const;

/** Webhook endpoints, their secrets and delivery log (README "Webhooks"): admins' settings. */
export const webhooksRoutes =
  (deps: WebhooksRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);

    app.get(
      '/api/webhooks',
      {
        config,
        schema: {
          tags,
          security: bearer,
          description:
            'Every endpoint with its state (on or off, why off, failing since, last delivery); never its secret.',
          querystring: noQuery,
          response: { 200: webhookListResponse, ...errors(400, 401, 403) },
        },
      },
      async () => ({ data: await deps.webhooks.list() }),
    );

    app.post(
      '/api/webhooks',
      {
        config,
        schema: {
          tags,
          security: bearer,
          description:
            'Registers an endpoint. The answer carries its signing secret, shown this once. Each event needs the caller to hold the read right of what it carries (product events catalogue.read, inquiry and quote events inquiry.read, order events order.read, customer and company events customer.read): 403 `{ error, permission }` naming the first one missing. 400 for a URL that is not https or that resolves to a private, loopback, link-local or metadata address, an IPv6 address embedding such an IPv4 one included (::a.b.c.d, ::ffff:0:a.b.c.d, 6to4, Teredo), unless WEBHOOK_ALLOW_PRIVATE=1.',
          body: webhookCreateBody,
          response: { 201: webhookCreatedSchema, ...errors(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const endpoint = await deps.webhooks.create(request.body, currentUser(request).permissions);
        request.log.info(
          { endpointId: endpoint.id, userId: request.authUser?.id },
          'webhooks: endpoint added',
        );
        return reply.code(201).send(endpoint);
      },
    );

    app.patch(
      '/api/webhooks/:id',
      {
        config,
        schema: {
          tags,
          security: bearer,
          description:
            'Changes the URL, the events or whether it is on. New events, or a new URL for the events it has, need the read right of what they carry (403 `{ error, permission }`, as on creation); switching it on or off does not. Switched back on, its waiting deliveries go out again. Events recorded before a URL change are not redelivered to the new URL.',
          params: webhookIdParams,
          body: webhookPatchBody,
          response: { 200: webhookEndpointSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const endpoint = await deps.webhooks.update(
          request.params.id,
          request.body,
          currentUser(request).permissions,
        );
        request.log.info(
          { endpointId: endpoint.id, userId: request.authUser?.id },
          'webhooks: endpoint changed',
        );
        return endpoint;
      },
    );

    app.delete(
      '/api/webhooks/:id',
      {
        config,
        schema: {
          tags,
          security: bearer,
          description: 'Removes the endpoint with its delivery log.',
          params: webhookIdParams,
          response: { ...deleted, ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await deps.webhooks.remove(request.params.id);
        request.log.info(
          { endpointId: request.params.id, userId: request.authUser?.id },
          'webhooks: endpoint removed',
        );
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/webhooks/:id/roll-secret',
      {
        config,
        schema: {
          tags,
          security: bearer,
          description:
            'A new signing secret, shown this once. The old one stays valid for 24 hours: until then each delivery carries a v1 signature for each.',
          params: webhookIdParams,
          response: { 200: webhookSecretSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const rolled = await deps.webhooks.rollSecret(request.params.id);
        request.log.info({ endpointId: rolled.id, userId: request.authUser?.id }, 'webhooks: secret rolled');
        return rolled;
      },
    );

    app.post(
      '/api/webhooks/:id/test',
      {
        config,
        schema: {
          tags,
          security: bearer,
          description:
            'Sends a webhook.test event to this endpoint, whatever it subscribed to. 202 with its delivery, which the log then follows. 409 when the endpoint is off.',
          params: webhookIdParams,
          response: { 202: webhookDeliverySchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => reply.code(202).send(await deps.webhooks.sendTest(request.params.id)),
    );

    app.get(
      '/api/webhooks/:id/deliveries',
      {
        config,
        schema: {
          tags,
          security: bearer,
          description:
            'The delivery log: each event sent to this endpoint, newest first, with every attempt (status, duration, the answer’s first 2 KB, the error).',
          params: webhookIdParams,
          querystring: webhookDeliveriesQuery,
          response: { 200: webhookDeliveriesResponse, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => deps.webhooks.deliveries(request.params.id, request.query),
    );

    app.post(
      '/api/webhook-deliveries/:id/redeliver',
      {
        config,
        schema: {
          tags,
          security: bearer,
          description:
            'Sends the delivery’s event to its endpoint again, as a new delivery due now (same event id). 202 with it. 403 `{ error, permission }` when the caller lacks the read right of what the event carries; 409 when the endpoint is off, or when the event was recorded before the endpoint got its current URL (it was meant for the address before).',
          params: webhookIdParams,
          response: { 202: webhookDeliverySchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(await deps.webhooks.redeliver(request.params.id, currentUser(request).permissions)),
    );
  };
