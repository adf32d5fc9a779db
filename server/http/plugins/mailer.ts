import fp from 'fastify-plugin';
import type { Mailer } from '../../mail/mailer';
import type { WebhookSender } from '../../modules/webhooks/sender';

/**
 * The senders of the outbox and of webhook deliveries: they deliver from the app's start to its
 * close (before the database closes). Every e-mail and webhook event is written in the
 * transaction that causes it. The webhook sender stops first: its last attempt may e-mail admins.
 */
export const mailerLifecycle = fp<{ mailer: Mailer; webhookSender: WebhookSender }>(
  async (app, { mailer, webhookSender }) => {
    app.decorate('mailer', mailer);
    app.addHook('onReady', async () => {
      await mailer.start();
      await webhookSender.start();
    });
    app.addHook('onClose', async () => {
      await webhookSender.stop();
      await mailer.stop();
    });
  },
  { name: 'mailer' },
);

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}
