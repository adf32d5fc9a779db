import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { historyListResponse, historyQuery } from '#domain/history';
import { type Authenticate, currentUser } from '../auth/hooks';
import { sendCsv } from '../http/csv';
import { bearer, errors } from '../http/schemas';
import { HISTORY_CSV_COLUMNS, type HistoryService } from './history.service';

export type HistoryRoutesDeps = { history: HistoryService; authenticate: Authenticate };

/** Reading the change log: any staff member; staff accounts' entries and the export are admins'. */
export const historyRoutes =
  (deps: HistoryRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    const tags = ['history'];

    app.get(
      '/api/history',
      {
        config: { permission: 'history.read' },
        schema: {
          tags,
          security: bearer,
          description:
            "The change log, newest first. Every filter is optional; from and to are calendar days in the seller's TIMEZONE, inclusive; entity_id needs entity_type; token_id gives the changes made with that API token (whose entries have no actor_id, so with actor_id too nothing matches). meta.total is exact up to a cap, past it an estimate (total_exact false). Editors never see changes to staff accounts: asking for entity_type=user is 403.",
          querystring: historyQuery,
          response: { 200: historyListResponse, ...errors(400, 401, 403) },
        },
      },
      async (request) => deps.history.list(request.query, currentUser(request)),
    );

    app.get(
      '/api/history/export.csv',
      {
        config: { permission: ['history.read', 'user.manage'] },
        schema: {
          tags,
          security: bearer,
          description: `Admins only. The log's matches as CSV (same filters, newest first, no paging), streamed: ${HISTORY_CSV_COLUMNS.join(', ')}; actor and entity are names, changes is the entry's JSON. Cells a spreadsheet would read as a formula start with an apostrophe.`,
          querystring: historyQuery,
          response: { 200: z.string().describe('text/csv'), ...errors(400, 401, 403) },
        },
      },
      async (request, reply) =>
        sendCsv(request, reply, {
          stem: 'history',
          columns: HISTORY_CSV_COLUMNS,
          batches: deps.history.exportBatches(request.query, currentUser(request)),
        }),
    );
  };
