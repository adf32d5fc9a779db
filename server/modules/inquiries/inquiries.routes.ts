import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createInquiryBody,
  inquiryDetailSchema,
  inquiryListQuery,
  inquiryListResponse,
  inquirySchema,
  looksAutomated,
  patchInquiryBody,
} from '#domain/inquiries';
import { staffNoteSchema } from '#domain/notes';
import { idParam } from '#domain/paging';
import { type Authenticate, currentUser } from '../../auth/hooks';
import { sendCsv } from '../../http/csv';
import { addNoteHandler, noteRouteOptions } from '../../http/note-route';
import { bearer, errors } from '../../http/schemas';
import { detailForCaller } from '../shared/quote-read';
import { CSV_COLUMNS, type InquiriesService, LINE_NAME_SEPARATOR } from './inquiries.service';

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
            'A quote request from a visitor, optionally with a basket of products and quantities; needs no token; rate-limited per client address. A line naming a product that is not published (a draft, in the trash or unknown: all alike) answers 409 with `details` naming the line by its place, never the product; a `product_id` that is not published answers 404. A filled `website` honeypot or a form sent faster than a person can fill it answers 202 and stores nothing.',
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
          config: { permission: 'inquiry.read' },
          schema: {
            tags,
            security: bearer,
            querystring: inquiryListQuery,
            response: { 200: inquiryListResponse, ...errors(400, 401) },
          },
        },
        async (request) => deps.inquiries.list(request.query, currentUser(request).id),
      );
      staff.get(
        '/api/inquiries/export.csv',
        {
          config: { permission: ['inquiry.read', 'export.run'] },
          schema: {
            tags,
            security: bearer,
            description: `The list's matches as CSV (same search, filters and order; no paging), streamed: ${CSV_COLUMNS.join(', ')}. products names the request's lines in order, separated by "${LINE_NAME_SEPARATOR}". Cells a spreadsheet would read as a formula start with an apostrophe.`,
            querystring: inquiryListQuery,
            response: { 200: z.string().describe('text/csv'), ...errors(400, 401) },
          },
        },
        async (request, reply) =>
          sendCsv(request, reply, {
            stem: 'inquiries',
            columns: CSV_COLUMNS,
            batches: deps.inquiries.exportBatches(request.query, currentUser(request).id),
          }),
      );
      staff.get(
        '/api/inquiries/:id',
        {
          config: { permission: 'inquiry.read' },
          schema: {
            tags,
            security: bearer,
            description:
              'The request with its notes (newest first), its history (oldest first) and its quotes (newest first).',
            params: idParam,
            response: { 200: inquiryDetailSchema, ...errors(400, 401, 404) },
          },
        },
        async (request) =>
          detailForCaller(await deps.inquiries.get(request.params.id), currentUser(request).permissions),
      );
      staff.patch(
        '/api/inquiries/:id',
        {
          config: { permission: 'inquiry.work' },
          schema: {
            tags,
            security: bearer,
            description:
              'Moves the request (status; closed needs a reason) or assigns it (owner_id, null for nobody). A move not allowed from the current status, or to quoted, accepted or declined before a quote was sent, is 409. Each change is recorded in its history.',
            params: idParam,
            body: patchInquiryBody,
            response: { 200: inquiryDetailSchema, ...errors(400, 401, 404, 409) },
          },
        },
        async (request) => {
          const user = currentUser(request);
          return detailForCaller(
            await deps.inquiries.patch(request.params.id, request.body, user.id),
            user.permissions,
          );
        },
      );
      staff.post(
        '/api/inquiries/:id/notes',
        noteRouteOptions(tags, 'inquiry.work', staffNoteSchema),
        addNoteHandler((id, body, author) => deps.inquiries.addNote(id, body, author)),
      );
      staff.delete(
        '/api/inquiries/:id',
        {
          config: { permission: 'inquiry.delete' },
          schema: {
            tags,
            security: bearer,
            description:
              "Moves the request to the trash with its lines, notes, history and quotes, for the trash days: it leaves the inbox and its counts, and its quotes' public links answer 404 until `POST /api/trash/inquiry/{id}/restore` brings it back. Orders made from its quotes stay. Needs `inquiry.delete`.",
            params: idParam,
            response: { 204: z.null().describe('Moved to the trash'), ...errors(400, 401, 403, 404) },
          },
        },
        async (request, reply) => {
          await deps.inquiries.remove(request.params.id);
          return reply.code(204).send(null);
        },
      );
    });
  };
