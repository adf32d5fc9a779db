import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  trashEmptyQuery,
  trashEmptyResponse,
  trashListResponse,
  trashParams,
  trashQuery,
  trashRestoreResponse,
} from '#domain/history';
import { type Authenticate, currentUser } from '../auth/hooks';
import { bearer, errors } from '../http/schemas';
import type { TrashService } from './trash.service';

export type TrashRoutesDeps = { trash: TrashService; authenticate: Authenticate };

/** The trash: staff list and restore; only admins purge. */
export const trashRoutes =
  (deps: TrashRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    const tags = ['trash'];
    const security = bearer;

    app.get(
      '/api/trash',
      {
        config: { permission: 'history.read' },
        schema: {
          tags,
          security,
          querystring: trashQuery,
          response: { 200: trashListResponse, ...errors(400, 401) },
        },
      },
      async (request) => deps.trash.list(request.query),
    );

    app.post(
      '/api/trash/:type/:id/restore',
      {
        config: { permission: 'trash.restore' },
        schema: {
          tags,
          security,
          description:
            'Puts the item back with its own id. No body. A quote request comes back with its lines, notes, history and quotes (their public links answer again), and the orders and messages made from it point at it again; restoring one needs `inquiry.delete`, a catalogue item the right that edits it.',
          params: trashParams,
          response: { 200: trashRestoreResponse, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        deps.trash.restore(request.params.type, request.params.id, currentUser(request).permissions),
    );

    app.delete(
      '/api/trash',
      {
        config: { permission: 'trash.purge' },
        schema: {
          tags,
          security,
          description:
            'Empties the trash, or only the entries of `entity_type`: deleted for good, their images released. Admins only.',
          querystring: trashEmptyQuery,
          response: { 200: trashEmptyResponse, ...errors(400, 401, 403) },
        },
      },
      async (request) => ({ purged: await deps.trash.empty(request.query.entity_type) }),
    );

    app.delete(
      '/api/trash/:type/:id',
      {
        config: { permission: 'trash.purge' },
        schema: {
          tags,
          security,
          description: 'Deletes the item for good and releases its images. Admins only.',
          params: trashParams,
          response: { 204: z.null().describe('Purged'), ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await deps.trash.purge(request.params.type, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
