import type { onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { CATALOGUE_CHANNEL, type CatalogueFreshness } from '../../cache/catalogue-cache';
import type { Database } from '../../db/client';

/** Writes that can change a public product bundle (the catalogue areas). */
const CATALOGUE_WRITES = /^\/api\/(products|variants|categories|brands|discounts|trash)(\/|\?|$)/;

export type CatalogueWritesOptions = { database: Database; bundles: CatalogueFreshness };

/**
 * Keeps this process's catalogue caches fresh: it listens on the catalogue channel for any
 * process's writes, and hooks the catalogue write routes registered after it.
 */
export const catalogueWrites = fp<CatalogueWritesOptions>(
  async (app, { database, bundles }) => {
    const stopListening = await database.listen(CATALOGUE_CHANNEL, bundles.onChannelEvent);
    app.addHook('onClose', stopListening);
    // A catalogue write answered by this process clears its cached bundles before the answer goes
    // out, so the writer's next read sees the change without waiting for the NOTIFY round trip.
    // The hook is attached to the write routes alone: as a global onSend hook it cost every read a
    // hook run and a promise.
    const invalidateBundles: onSendHookHandler = (_request, reply, payload, done) => {
      if (reply.statusCode < 400) bundles.invalidate();
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      const reads = [route.method].flat().every((method) => method === 'GET' || method === 'HEAD');
      if (reads || !CATALOGUE_WRITES.test(route.url)) return;
      route.onSend = [...[route.onSend ?? []].flat(), invalidateBundles];
    });
  },
  { name: 'catalogue-writes' },
);
