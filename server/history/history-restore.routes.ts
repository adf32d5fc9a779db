import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { historyRestoreResponse } from '#domain/history';
import { idParam } from '#domain/paging';
import type { Authenticate } from '../auth/hooks';
import { bearer, errors } from '../http/schemas';
import type { RestoreService } from './restore.service';

export type HistoryRestoreRoutesDeps = { restore: RestoreService; authenticate: Authenticate };

/** Bringing back a past version: open to any signed-in staff, as editing the entity is. */
export const historyRestoreRoutes =
  (deps: HistoryRestoreRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    app.post(
      '/api/history/:id/restore',
      {
        schema: {
          tags: ['history'],
          security: bearer,
          description:
            "Brings back the fields (and a product's sections) of a change as they were before it, as a new change. Fields that cannot come back (images, a category or brand deleted since, a slug or SKU another item uses now) are left as they are and listed in `skipped`; `data` is the new entry, or null when nothing changed.",
          params: idParam,
          response: { 200: historyRestoreResponse, ...errors(400, 401, 404, 409) },
        },
      },
      async (request) => deps.restore.restore(request.params.id),
    );
  };
