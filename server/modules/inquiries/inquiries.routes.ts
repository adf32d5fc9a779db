import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createInquiryBody,
  inquiryListQuery,
  inquiryListResponse,
  inquirySchema,
  looksAutomated,
} from '#domain/inquiries';
import { idParam } from '#domain/paging';
import type { Authenticate } from '../../auth/hooks';
import { bearer, errors } from '../../http/schemas';
import type { InquiriesService } from './inquiries.service';

export type InquiriesRoutesDeps = {
  inquiries: InquiriesService;
  authenticate: Authenticate;
  /** Limits quote requests per client address (the hook answers 429 itself). */
  rateLimit: onRequestAsyncHookHandler;
};

export const inquiriesRoutes =
  (deps: InquiriesRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['inquiries'];

    // Public: visitors send it from the preview page, so it is rate-limited per address instead.
    app.post(
      '/api/inquiries',
      {
        onRequest: deps.rateLimit,
        schema: {
          tags,
          description:
            'A quote request from a visitor, optionally with a basket of products and quantities; needs no token; rate-limited per client address. A line naming a product that is not published answers 409 with `details` naming the line. A filled `website` honeypot or a form sent faster than a person can fill it answers 202 and stores nothing.',
          body: createInquiryBody,
          response: {
            201: inquirySchema,
            202: z.object({}).describe('Taken for automated; nothing stored'),
            ...errors(400, 404, 409, 429),
          },
        },
      },
      async (request, reply) => {
        // A quiet answer: a program learns nothing it could adjust to.
        if (looksAutomated(request.body)) return reply.code(202).send({});
        return reply.code(201).send(await deps.inquiries.create(request.body));
      },
    );

    await app.register(async (scope) => {
      const staff = scope.withTypeProvider<ZodTypeProvider>();
      staff.addHook('onRequest', deps.authenticate);
      staff.get(
        '/api/inquiries',
        {
          schema: {
            tags,
            security: bearer,
            querystring: inquiryListQuery,
            response: { 200: inquiryListResponse, ...errors(400, 401) },
          },
        },
        async (request) => deps.inquiries.list(request.query),
      );
      staff.delete(
        '/api/inquiries/:id',
        {
          schema: {
            tags,
            security: bearer,
            params: idParam,
            response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 404) },
          },
        },
        async (request, reply) => {
          await deps.inquiries.remove(request.params.id);
          return reply.code(204).send(null);
        },
      );
    });
  };
