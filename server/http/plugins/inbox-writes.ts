import type { onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { INBOX_CHANNEL, type InboxPages } from '../../cache/inbox-pages';
import type { Database } from '../../db/client';

export type InboxWritesOptions = { database: Database; inbox: InboxPages };

/**
 * Keeps this process's inbox search pages fresh: it listens on the inbox channel for any
 * process's writes, and hooks every write route registered after it. Every one, not a list of
 * paths: a request moves with its quote, its order, a customer's merge, the trash and a restore,
 * and a path left off such a list would serve a stale page to the staff member who just wrote.
 */
export const inboxWrites = fp<InboxWritesOptions>(
  async (app, { database, inbox }) => {
    const stopListening = await database.listen(INBOX_CHANNEL, inbox.freshness.onChannelEvent);
    app.addHook('onClose', stopListening);
    const invalidate: onSendHookHandler = (_request, reply, payload, done) => {
      if (reply.statusCode < 400) inbox.freshness.invalidate();
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      const reads = [route.method].flat().every((method) => method === 'GET' || method === 'HEAD');
      if (reads) return;
      route.onSend = [...[route.onSend ?? []].flat(), invalidate];
    });
  },
  { name: 'inbox-writes' },
);
