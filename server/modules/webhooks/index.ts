/** What other modules may use of webhooks: the event a service records in its own transaction. */
export type { WebhookEventInput } from './record';
