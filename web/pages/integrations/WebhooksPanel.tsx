/** The Webhooks tab: endpoints, their events and secret, the delivery log, redeliver and test. */
export function WebhooksPanel() {
  return null;
}
