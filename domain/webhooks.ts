import { z } from 'zod';
import { positiveIdString } from './fields';
import { listMeta, listQuery } from './paging';
import type { PermissionCode } from './permissions';

/** Every event a webhook endpoint may subscribe to, in the order the screen lists them. */
export const WEBHOOK_EVENTS = [
  'product.created',
  'product.updated',
  'product.deleted',
  'product.published',
  'inquiry.created',
  'inquiry.updated',
  'inquiry.deleted',
  'quote.sent',
  'quote.accepted',
  'quote.declined',
  'quote.expired',
  'quote.approval_requested',
  'quote.approved',
  'quote.rejected',
  'order.created',
  'order.updated',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'company.created',
  'company.updated',
  'company.deleted',
  'price_list.created',
  'price_list.updated',
  'price_list.deleted',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

const webhookEventTypeSchema = z.enum(WEBHOOK_EVENTS);

/**
 * The read right of what each entity's events carry, the right its GET route needs: an endpoint
 * subscribed to an event is sent that data, so subscribing (or pointing an endpoint elsewhere, or
 * redelivering) needs it. A quote is read with its request.
 */
type EventEntity = WebhookEventType extends `${infer E}.${string}` ? E : never;
const EVENT_READ_PERMISSION: Record<EventEntity, PermissionCode> = {
  product: 'catalogue.read',
  inquiry: 'inquiry.read',
  quote: 'inquiry.read',
  order: 'order.read',
  customer: 'customer.read',
  company: 'customer.read',
  price_list: 'pricelist.manage',
};

/** The read right an event's data needs (see EVENT_READ_PERMISSION). */
export const webhookEventPermission = (type: WebhookEventType): PermissionCode =>
  EVENT_READ_PERMISSION[type.split('.')[0] as EventEntity];

/** The rights a list of events needs together, each once, in the order the events name them. */
export const webhookEventsPermissions = (types: readonly WebhookEventType[]): PermissionCode[] => [
  ...new Set(types.map(webhookEventPermission)),
];

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
  /**
   * Events older than this many days are pruned with their deliveries, unless one is still
   * pending or was made since (WEBHOOK_RETENTION_DAYS overrides it).
   */
  retentionDays: 30,
} as const;

/**
 * Where a delivery (one event to one endpoint) stands:
 * - pending: waiting for its first attempt, its next retry, or an earlier event of its entity;
 * - delivered: the endpoint answered 2xx;
 * - failed: given up a day after its first attempt (the endpoint is switched off by then).
 */
const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_TEXT = {
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  urlInvalid: 'URL must be an absolute URL, such as https://example.com/hooks',
  urlTooLong: `URL must be at most ${WEBHOOK_LIMITS.urlMax} characters`,
  urlNotHttps: 'URL must start with https://',
  urlPrivate:
    'URL points to a private, loopback, link-local or metadata address, which webhooks may not call',
  urlUnresolved: "URL's host could not be found",
  eventsInvalid: `Events must be some of: ${WEBHOOK_EVENTS.join(', ')}`,
  eventsEmpty: 'Choose at least one event',
  eventsDuplicate: 'Each event may be listed once',
  patchEmpty: 'Nothing to change: give url, events or enabled',
  testDisabled: 'The endpoint is switched off: switch it on to send a test event',
  redeliverDisabled: 'The endpoint is switched off: switch it on to redeliver',
  redeliverUrlChanged:
    "This event is older than the endpoint's URL: it was meant for the address before, so it is not sent to the new one",
  redirectRefused: (status: number) => `Answered ${status}: redirects are not followed`,
  answered: (status: number) => `Answered ${status}`,
  timedOut: `No answer within ${WEBHOOK_LIMITS.timeoutSeconds} s`,
} as const;

/** The e-mail every admin gets when the sender switches an endpoint off. */
export const webhookDisabledMail = (url: string, since: string, screenUrl: string | null) => ({
  subject: 'A webhook endpoint was switched off after a day of failures',
  text: [
    `Every delivery to ${url} has failed since ${since}, so Stockroom switched the endpoint off.`,
    'Events are no longer sent to it. Its delivery log shows each attempt and what the endpoint answered.',
    'Once the receiver works again, switch the endpoint on: waiting deliveries are sent again.',
    ...(screenUrl ? ['', screenUrl] : []),
  ].join('\n'),
});

const webhookUrl = z
  .string({ error: WEBHOOK_TEXT.urlInvalid })
  .trim()
  .max(WEBHOOK_LIMITS.urlMax, { error: WEBHOOK_TEXT.urlTooLong })
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
    error: WEBHOOK_TEXT.urlInvalid,
  });

const webhookEventList = z
  .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_TEXT.eventsInvalid }), { error: WEBHOOK_TEXT.eventsInvalid })
  .min(1, { error: WEBHOOK_TEXT.eventsEmpty })
  .max(WEBHOOK_EVENTS.length, { error: WEBHOOK_TEXT.eventsDuplicate })
  .refine((list) => new Set(list).size === list.length, { error: WEBHOOK_TEXT.eventsDuplicate });

export const webhookCreateBody = z.strictObject({
  url: webhookUrl,
  events: webhookEventList,
  enabled: z.boolean({ error: 'Enabled must be true or false' }).default(true),
});
export type WebhookCreate = z.infer<typeof webhookCreateBody>;

export const webhookPatchBody = z
  .strictObject({
    url: webhookUrl.optional(),
    events: webhookEventList.optional(),
    enabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: WEBHOOK_TEXT.patchEmpty });
export type WebhookPatch = z.infer<typeof webhookPatchBody>;

/** The last attempt to an endpoint, as its list row shows it. */
const lastDeliverySchema = z.object({
  delivery_id: z.number(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  at: z.string(),
  status_code: z.number().nullable(),
  error: z.string().nullable(),
});

/** An endpoint as admins read it: never its secret, which is shown once (creation, roll). */
export const webhookEndpointSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** 'failing' when the sender switched it off after a day of failures; null otherwise. */
  disabled_reason: z.enum(['failing']).nullable(),
  /** The first failure since its last success; null while it succeeds. */
  failing_since: z.string().nullable(),
  /** Until when the secret before the last roll is still signed with; null when none is. */
  previous_secret_expires_at: z.string().nullable(),
  last_delivery: lastDeliverySchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookListResponse = z.object({ data: z.array(webhookEndpointSchema) });

/** The answer to creation: the endpoint with its secret, shown this once. */
export const webhookCreatedSchema = webhookEndpointSchema.extend({ secret: z.string() });

/** The answer to a roll: the new secret, shown this once, and until when the old one is valid. */
export const webhookSecretSchema = z.object({
  id: z.number(),
  secret: z.string(),
  previous_secret_expires_at: z.string(),
});

const webhookAttemptSchema = z.object({
  attempt: z.number(),
  started_at: z.string(),
  duration_ms: z.number(),
  /** The answer's HTTP status; null when there was none (refused, timed out, address refused). */
  status_code: z.number().nullable(),
  /** The answer's first 2 KB. */
  response_body: z.string().nullable(),
  error: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.number(),
  endpoint_id: z.number(),
  /** The event's id: the payload's `id` and the Stockroom-Event-Id header. */
  event_id: z.string(),
  type: z.string(),
  entity: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  /** When a pending delivery is tried next; null otherwise. */
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  /** Every attempt, oldest first. */
  log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const WEBHOOK_PAGING = { defaultLimit: 20, limits: [10, 20, 50] } as const;

export const webhookDeliveriesQuery = listQuery({
  sortKeys: ['created_at'],
  defaultSort: 'created_at',
  defaultOrder: 'desc',
  defaultLimit: WEBHOOK_PAGING.defaultLimit,
  extra: {
    status: z
      .enum(WEBHOOK_DELIVERY_STATUSES, {
        error: `Status must be one of: ${WEBHOOK_DELIVERY_STATUSES.join(', ')}`,
      })
      .optional(),
  },
});

export const webhookDeliveriesResponse = z.object({
  data: z.array(webhookDeliverySchema),
  total: z.number(),
  meta: listMeta,
});

export const webhookIdParams = z.object({ id: positiveIdString('Id') });
