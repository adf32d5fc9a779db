import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDiscountBody,
  DISCOUNTS_PAGE_MAX,
  discountListResponse,
  discountSchema,
  updateDiscountBody,
} from '#domain/discounts';
import { idParam, queryInt } from '#domain/paging';
import type { Authenticate } from '../../auth/hooks';
import { bearer, errors } from '../../http/schemas';
import type { DiscountsService } from './discounts.service';

export type DiscountsRoutesDeps = { discounts: DiscountsService; authenticate: Authenticate };

const listQuery = z.strictObject({
  page: queryInt('page', 1, 1_000_000).optional(),
  limit: queryInt('limit', 1, DISCOUNTS_PAGE_MAX).optional(),
});

export const discountsRoutes =
  (deps: DiscountsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    const tags = ['discounts'];

    app.get(
      '/api/discounts',
      {
        schema: {
          tags,
          security: bearer,
          description: `Newest first, up to ${DISCOUNTS_PAGE_MAX} per page (the screen searches titles on the client).`,
          querystring: listQuery,
          response: { 200: discountListResponse, ...errors(400, 401) },
        },
      },
      async (request) =>
        deps.discounts.list({
          page: request.query.page ?? 1,
          limit: request.query.limit ?? DISCOUNTS_PAGE_MAX,
        }),
    );

    app.post(
      '/api/discounts',
      {
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
        schema: {
          tags,
          security: bearer,
          description: 'The same payload as POST, with title in place of name.',
          params: idParam,
          body: updateDiscountBody,
          response: { 200: discountSchema, ...errors(400, 401, 404) },
        },
      },
      async (request) => deps.discounts.update(request.params.id, request.body),
    );

    app.delete(
      '/api/discounts/:id',
      {
        schema: {
          tags,
          security: bearer,
          params: idParam,
          response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await deps.discounts.remove(request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
