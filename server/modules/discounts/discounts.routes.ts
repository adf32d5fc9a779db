import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGING } from '#domain/constants';
import {
  createDiscountBody,
  DISCOUNT_CSV_COLUMNS,
  DISCOUNTS_PAGE_MAX,
  discountExportQuery,
  discountListQuery,
  discountListResponse,
  discountSchema,
  updateDiscountBody,
} from '#domain/discounts';
import { idParam } from '#domain/paging';
import { type Authenticate, currentUser } from '../../auth/hooks';
import { sendCsv } from '../../http/csv';
import { bearer, errors } from '../../http/schemas';
import type { DiscountsService } from './discounts.service';

export type DiscountsRoutesDeps = { discounts: DiscountsService; authenticate: Authenticate };

export const discountsRoutes =
  (deps: DiscountsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    const tags = ['discounts'];

    app.get(
      '/api/discounts',
      {
        config: { permission: 'catalogue.read' },
        schema: {
          tags,
          security: bearer,
          description: `Newest first, ${DISCOUNTS_PAGE_MAX} per page unless \`limit\` asks for fewer. \`q\` finds titles containing it (any case); \`applies_to\` keeps one aim; \`state\` keeps the live ones (active, now inside the window), the scheduled ones (active, starting later), the ended ones (active, ended before now) or the off ones (not active). \`meta.total\` counts the matches (an estimate past ${PAGING.exactCountCap}, with \`total_exact\` false).`,
          querystring: discountListQuery,
          response: { 200: discountListResponse, ...errors(400, 401) },
        },
      },
      async (request) => deps.discounts.list(request.query),
    );

    app.get(
      '/api/discounts/export.csv',
      {
        config: { permission: ['catalogue.read', 'export.run'] },
        schema: {
          tags,
          security: bearer,
          description: `The list's matches as CSV (same filters and order, no paging), streamed: ${DISCOUNT_CSV_COLUMNS.join(', ')}. Times are ISO 8601 in UTC, empty for an open end; active is 1 or 0; state is as now. Cells a spreadsheet would read as a formula start with an apostrophe.`,
          querystring: discountExportQuery,
          response: { 200: z.string().describe('text/csv'), ...errors(400, 401) },
        },
      },
      async (request, reply) =>
        sendCsv(request, reply, {
          stem: 'discounts',
          columns: DISCOUNT_CSV_COLUMNS,
          batches: deps.discounts.exportBatches(request.query),
        }),
    );

    app.post(
      '/api/discounts',
      {
        config: { permission: 'discount.edit' },
        schema: {
          tags,
          security: bearer,
          body: createDiscountBody,
          response: { 201: discountSchema, ...errors(400, 401) },
        },
      },
      async (request, reply) => reply.code(201).send(await deps.discounts.create(request.body)),
    );

    app.put(
      '/api/discounts/:id',
      {
        config: { permission: 'discount.edit' },
        schema: {
          tags,
          security: bearer,
          description: 'The same payload as POST, with title in place of name.',
          params: idParam,
          body: updateDiscountBody,
          response: { 200: discountSchema, ...errors(400, 401, 404) },
        },
      },
      async (request) =>
        deps.discounts.update(request.params.id, request.body, currentUser(request).permissions),
    );

    app.delete(
      '/api/discounts/:id',
      {
        config: { permission: 'discount.edit' },
        schema: {
          tags,
          security: bearer,
          params: idParam,
          response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await deps.discounts.remove(request.params.id, currentUser(request).permissions);
        return reply.code(204).send(null);
      },
    );
  };
