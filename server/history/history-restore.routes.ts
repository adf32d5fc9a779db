import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HISTORY_LIMITS,
  historyRestorePreviewResponse,
  historyRestoreQuery,
  historyRestoreResponse,
} from '#domain/history';
import { idParam } from '#domain/paging';
import { type Authenticate, currentUser } from '../auth/hooks';
import { bearer, errors } from '../http/schemas';
import type { RestoreService } from './restore.service';

export type HistoryRestoreRoutesDeps = { restore: RestoreService; authenticate: Authenticate };

/** Bringing back a past version: history.restore, plus the rights editing those fields needs. */
export const historyRestoreRoutes =
  (deps: HistoryRestoreRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    app.post(
      '/api/history/:id/restore',
      {
        config: { permission: 'history.restore' },
        schema: {
          tags: ['history'],
          security: bearer,
          description:
            'Brings back a version as a new change. `to=before` (the default, and what a call without `to` has always done) puts the fields (and a product\'s sections) this change changed back as they were before it; other fields stay as they are. `to=after` (the History tab\'s "Restore this version") brings back the whole row and its sections as they were right after this change, undoing every later change to them; `GET /api/history/{id}/restore-preview` lists those first. Fields that cannot come back (images, a category or brand deleted since, a slug or SKU another item uses now) are left as they are and listed in `skipped`; `data` is the new entry, or null when nothing changed.',
          params: idParam,
          querystring: historyRestoreQuery,
          response: { 200: historyRestoreResponse, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        deps.restore.restore(request.params.id, request.query.to, currentUser(request).permissions),
    );

    app.get(
      '/api/history/:id/restore-preview',
      {
        config: { permission: 'history.read' },
        schema: {
          tags: ['history'],
          security: bearer,
          description: `What \`POST /api/history/{id}/restore\` with the same \`to\` would do, writing nothing: the fields it would bring back (\`restored\`), those it could not and why (\`skipped\`), and the later changes it would undo (\`later\`, oldest first, at most ${HISTORY_LIMITS.previewLimit}; \`later_total\` counts them all). Answers 404 and 409 as the restore would.`,
          params: idParam,
          querystring: historyRestoreQuery,
          response: { 200: historyRestorePreviewResponse, ...errors(400, 401, 404, 409) },
        },
      },
      async (request) => ({ data: await deps.restore.preview(request.params.id, request.query.to) }),
    );
  };
