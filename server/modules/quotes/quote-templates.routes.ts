import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '#domain/paging';
import {
  quoteTemplateBody,
  quoteTemplateListQuery,
  quoteTemplateListResponse,
  quoteTemplateSchema,
} from '#domain/quote-templates';
import { type Authenticate, currentUser } from '../../auth/hooks';
import { bearer, errors } from '../../http/schemas';
import type { QuotesService } from './quotes.service';

/**
 * Quote templates, for staff: a quote's lines, note and terms kept under a name, listed, saved
 * and deleted. A draft starts from one at POST /api/inquiries/{id}/quotes with template_id.
 */
export const quoteTemplatesRoutes =
  (deps: { quotes: QuotesService; authenticate: Authenticate }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['quotes'];
    const staff = app.withTypeProvider<ZodTypeProvider>();
    staff.addHook('onRequest', deps.authenticate);
    staff.get(
      '/api/quote-templates',
      {
        config: { permission: 'quote.edit' },
        schema: {
          tags,
          security: bearer,
          description:
            'Every quote template, by name, with its lines as saved; `q` keeps those whose name holds it.',
          querystring: quoteTemplateListQuery,
          response: { 200: quoteTemplateListResponse, ...errors(400, 401) },
        },
      },
      async (request) => ({ data: await deps.quotes.templates(request.query.q) }),
    );
    staff.post(
      '/api/quote-templates',
      {
        config: { permission: 'quote.edit' },
        schema: {
          tags,
          security: bearer,
          description:
            "Save as template: a quote's lines (with the products they were priced from), note, terms, shipping and tax under a name. 404 for an unknown quote; 409 for a name already taken (in any case) or past the templates' cap.",
          body: quoteTemplateBody,
          response: { 201: quoteTemplateSchema, ...errors(400, 401, 404, 409) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await deps.quotes.saveTemplate(request.body, currentUser(request).id)),
    );
    staff.delete(
      '/api/quote-templates/:id',
      {
        config: { permission: 'quote.edit' },
        schema: {
          tags,
          security: bearer,
          description: 'Deletes a template; quotes started from it are not touched.',
          params: idParam,
          response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await deps.quotes.deleteTemplate(request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
