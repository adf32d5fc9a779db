import fp from 'fastify-plugin';
import type { Mailer } from '../../mail/mailer';

/**
 * The senders of the outbox and of webhook deliveries: they deliver from the app's start to its
 * close (before the database closes). Every e-mail and webhook event is written in the
 * transaction that causes it. The webhook sender stops first: its last attempt may e-mail admins.
 */
/** What the plugin needs of the webhook sender (modules/webhooks/sender.ts): its start and stop. */
type Sender = { start(): Promise<void> | void; stop(): Promise<void> };

export const mailerLifecycle = fp<{ mailer: Mailer; webhookSender: Sender }>(
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
