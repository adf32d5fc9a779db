import type { OpenAPIV3_2 } from '@fastify/swagger';
import { z } from 'zod';
import { WEBHOOK_EVENT_DATA, WEBHOOK_EVENT_DESCRIPTIONS } from '#domain/webhook-payloads';
import { WEBHOOK_EVENTS, type WebhookEventType, webhookEventPermission } from '#domain/webhooks';

const schemaName = (type: WebhookEventType) =>
  `WebhookEvent_${type.replace(/(^|\.)(\w)/g, (_, __, c: string) => c.toUpperCase())}`;

/**
 * The OpenAPI 3.1 `webhooks` section: what Stockroom POSTs to an endpoint for each event, with
 * the payload's schema (`{ id, type, created_at, data }`, data the entity as the API returns it)
 * as a component of its own.
 */
export function webhookDocument() {
  const schemas: NonNullable<NonNullable<OpenAPIV3_2.Document['components']>['schemas']> = {};
  const webhooks: Record<string, OpenAPIV3_2.PathItemObject> = {};
  for (const type of WEBHOOK_EVENTS) {
    const name = schemaName(type);
    const payload = z.object({
      id: z
        .string()
        .describe('The event id, also in the Stockroom-Event-Id header; the same on every attempt.'),
      type: z.literal(type),
      created_at: z.string().describe('When the event was recorded, ISO 8601 in UTC.'),
      data: WEBHOOK_EVENT_DATA[type],
    });
    const { $schema: _, ...schema } = z.toJSONSchema(payload, {
      target: 'draft-2020-12',
      io: 'output',
      unrepresentable: 'any',
    });
    schemas[name] = schema as (typeof schemas)[string];
    webhooks[type] = {
      post: {
        summary: type,
        description: `${WEBHOOK_EVENT_DESCRIPTIONS[type]} Subscribing to it needs ${webhookEventPermission(type)} (the read right of its data) besides settings.manage.`,
        tags: ['webhooks'],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
        },
        responses: { '2XX': { description: 'Delivered; any other answer is retried.' } },
      },
    };
  }
  return { schemas, webhooks };
}
