import fp from 'fastify-plugin';
import type { Mailer } from '../../mail/mailer';

/**
 * The outbox's sender: it delivers from the app's start to its close (before the database closes).
 * Every e-mail is written to the outbox in the transaction that causes it.
 */
export const mailerLifecycle = fp<{ mailer: Mailer }>(
  async (app, { mailer }) => {
    app.decorate('mailer', mailer);
    app.addHook('onReady', () => mailer.start());
    app.addHook('onClose', () => mailer.stop());
  },
  { name: 'mailer' },
);

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}
