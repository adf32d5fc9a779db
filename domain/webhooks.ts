import { z } from 'zod';

/** Every event a webhook endpoint may subscribe to, in the order the screen lists them. */
export const WEBHOOK_EVENTS = [
  'product.created',
  'product.updated',
  'product.deleted',
  'product.published',
  'inquiry.created',
  'inquiry.updated',
  'quote.sent',
  'quote.accepted',
  'quote.declined',
  'quote.expired',
  'order.created',
  'order.updated',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENTS);
