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

/**
 * The event "Send test event" sends: to one endpoint, whatever it subscribed to; never
 * subscribable, so it is not one of WEBHOOK_EVENTS.
 */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The headers every delivery carries (README "Webhooks"). */
export const WEBHOOK_HEADERS = {
  signature: 'Stockroom-Signature',
  eventId: 'Stockroom-Event-Id',
  eventType: 'Stockroom-Event-Type',
} as const;

export const WEBHOOK_LIMITS = {
  urlMax: 2000,
  /** An attempt that has no complete answer after this fails (and is retried). */
  timeoutSeconds: 10,
  /** How much of an answer the delivery log keeps. */
  responseBytes: 2048,
  /**
   * Retries stop once a delivery's first attempt is this far back (the last retry is brought
   * forward to it), and an endpoint failing this long is switched off.
   */
  retryWindowHours: 24,
  /** A rolled secret's old value keeps verifying (and being signed with) this long. */
  previousSecretHours: 24,
  /** A receiver should refuse a signature older than this (README's check). */
  toleranceSeconds: 300,
} as const;
