import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '#domain/paging';
import { approvalRequiredErrorSchema } from '#domain/quote-approval';
import { createQuoteBody } from '#domain/quote-templates';
import {
  acceptQuoteBody,
  COMPANY_LOGO_PATH,
  changesQuoteBody,
  declineQuoteBody,
  extendQuoteBody,
  publicQuoteSchema,
  QUOTE_TEXT,
  quoteBody,
  quoteSchema,
  quoteTokenParam,
} from '#domain/quotes';
import { type Authenticate, currentUser } from '../../auth/hooks';
import { notFound } from '../../errors/app-error';
import { matchesEtag } from '../../http/conditional';
import { attachmentDisposition } from '../../http/download';
import { bearer, errors } from '../../http/schemas';
import { quoteForCaller } from '../shared/quote-read';
import type { CompanyLogo } from './logo';
import { approvalRoutes } from './quote-approval.routes';
import type { QuotesService } from './quotes.service';

export type QuotesRoutesDeps = {
  quotes: QuotesService;
  authenticate: Authenticate;
  /** Limits the customer's quote page per client address (the hook answers 429 itself). */
  rateLimit: onRequestAsyncHookHandler;
  /** COMPANY_LOGO_FILE, read at start; undefined when none is configured. */
  logo: CompanyLogo | undefined;
};

/**
 * The token in the path is checked by the service, not by the schema: a malformed token is a
 * 404 like a wrong one, so the page never tells the two apart.
 */
const tokenParam = z.object({ token: z.string().max(200) });

export const quotesRoutes =
  (deps: QuotesRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['quotes'];

    await app.register(async (scope) => {
      const staff = scope.withTypeProvider<ZodTypeProvider>();
      staff.addHook('onRequest', deps.authenticate);
      staff.post(
        '/api/inquiries/:id/quotes',
        {
          config: { permission: 'quote.edit' },
          schema: {
            tags,
            security: bearer,
            description:
              "A draft quote for the request, its lines started from the request's basket priced today (or the product it was sent from, quantity 1). With `template_id`, those lines are kept and the template's follow them, each linked line's unit price taken again from today's pricing rule, with the template's note, terms, shipping and tax; with `from_quote_id`, a copy of that quote's lines, note and terms as quoted (Copy to another request). 404 for an unknown request, template or quote; 409 when the request already has a draft, or when the request's lines and the template's together pass the lines a quote holds.",
            params: idParam,
            body: createQuoteBody.optional(),
            response: { 201: quoteSchema, ...errors(400, 401, 404, 409) },
          },
          // No body at all (no content type) is the basket's draft, as before templates; a JSON
          // null or a non-object is still a 400.
          preValidation: async (request) => {
            if (request.body == null && !request.headers['content-type']) request.body = {};
          },
        },
        async (request, reply) => {
          const user = currentUser(request);
          const draft = await deps.quotes.create(request.params.id, user.id, request.body ?? {});
          return reply.code(201).send(quoteForCaller(draft, user.permissions));
        },
      );
      staff.get(
        '/api/quotes/:id',
        {
          config: { permission: 'inquiry.read' },
          schema: {
            tags,
            security: bearer,
            params: idParam,
            response: { 200: quoteSchema, ...errors(400, 401, 404) },
          },
        },
        async (request) =>
          quoteForCaller(await deps.quotes.get(request.params.id), currentUser(request).permissions),
      );
      staff.put(
        '/api/quotes/:id',
        {
          config: { permission: 'quote.edit' },
          schema: {
            tags,
            security: bearer,
            description: "Replaces a draft's lines and terms; a sent quote answers 409 (revise it instead).",
            params: idParam,
            body: quoteBody,
            response: { 200: quoteSchema, ...errors(400, 401, 404, 409) },
          },
        },
        async (request) =>
          quoteForCaller(
            await deps.quotes.update(request.params.id, request.body),
            currentUser(request).permissions,
          ),
      );
      staff.delete(
        '/api/quotes/:id',
        {
          config: { permission: 'quote.edit' },
          schema: {
            tags,
            security: bearer,
            description: 'Deletes a draft; a sent quote answers 409.',
            params: idParam,
            response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 404, 409) },
          },
        },
        async (request, reply) => {
          await deps.quotes.remove(request.params.id);
          return reply.code(204).send(null);
        },
      );
      staff.post(
        '/api/quotes/:id/send',
        {
          config: { permission: 'quote.send' },
          schema: {
            tags,
            security: bearer,
            description:
              "Sends a draft: the request's next version and a token for the customer's page; an earlier unanswered version is superseded; the request moves to quoted; the e-mail with the PDF is queued. 409 for a quote without lines, one already sent or past its validity, or one that breaks an approval rule (GET /api/settings/quote-approval) sent by a caller without quote.approve before an approver approved it: that 409 carries `approval: { required: true, reasons: [{ rule, line, value }] }`.",
            params: idParam,
            response: { 200: quoteSchema, ...errors(400, 401, 404), 409: approvalRequiredErrorSchema },
          },
        },
        async (request) => {
          const user = currentUser(request);
          return quoteForCaller(
            await deps.quotes.send(request.params.id, user.id, user.permissions),
            user.permissions,
          );
        },
      );
      await scope.register(approvalRoutes(deps));
      staff.post(
        '/api/quotes/:id/revise',
        {
          config: { permission: 'quote.edit' },
          schema: {
            tags,
            security: bearer,
            description:
              'A new draft copying a sent quote (or one the customer asked to change). 409 when the request already has a draft.',
            params: idParam,
            response: { 201: quoteSchema, ...errors(400, 401, 404, 409) },
          },
        },
        async (request, reply) => {
          const user = currentUser(request);
          const draft = await deps.quotes.revise(request.params.id, user.id);
          return reply.code(201).send(quoteForCaller(draft, user.permissions));
        },
      );
      staff.post(
        '/api/quotes/:id/extend',
        {
          config: { permission: 'quote.send' },
          schema: {
            tags,
            security: bearer,
            description:
              "Extend: the quote's lines and terms as quoted, sent at once as the request's next version with a new `valid_until`; it supersedes the sent or expired quote it extends, and the customer is e-mailed the new link. 400 for a date already past in the seller's TIMEZONE; 409 for a quote neither sent nor expired, or a request that takes no new version.",
            params: idParam,
            body: extendQuoteBody,
            response: { 201: quoteSchema, ...errors(400, 401, 404, 409) },
          },
        },
        async (request, reply) => {
          const user = currentUser(request);
          const sent = await deps.quotes.extend(request.params.id, request.body, user.id);
          return reply.code(201).send(quoteForCaller(sent, user.permissions));
        },
      );
    });

    // The company's logo, on the customer's page: a fixed file read at start, cached by browsers
    // (its address carries the file's hash, so a new logo is a new address).
    app.get(
      COMPANY_LOGO_PATH,
      {
        schema: {
          tags,
          description: "The company's logo (COMPANY_LOGO_FILE), PNG or JPEG; 404 when none is configured.",
          querystring: z.object({ v: z.string().max(64).optional() }),
          response: { 200: z.unknown().describe('image/png or image/jpeg'), 304: z.null(), ...errors(404) },
        },
      },
      async (request, reply) => {
        const logo = deps.logo;
        if (!logo) throw notFound('No logo');
        reply.header('etag', logo.etag).header('cache-control', 'public, max-age=86400');
        if (matchesEtag(request.headers['if-none-match'], logo.etag)) return reply.code(304).send(null);
        return reply.type(logo.contentType).send(logo.bytes);
      },
    );

    await app.register(customerQuoteRoutes(deps));
  };

/** The customer's quote page and answers, beside the staff's routes above. */
const customerQuoteRoutes =
  (deps: QuotesRoutesDeps): FastifyPluginAsyncZod =>
  // The customer's page: no token of staff, the quote's own token in the path; rate-limited
  // per address, like quote requests.
  async (app) => {
    const tags = ['quotes'];
    await app.register(async (scope) => {
      const visitor = scope.withTypeProvider<ZodTypeProvider>();
      visitor.addHook('onRequest', deps.rateLimit);
      // Before the body is validated: a malformed token is the same 404 as a wrong one, whatever
      // the body holds.
      visitor.addHook('preValidation', async (request) => {
        if (!quoteTokenParam.safeParse(request.params).success) throw notFound(QUOTE_TEXT.notFound);
      });
      const description = (what: string) =>
        `${what} Needs no token of staff; the quote's token is the key. A wrong or malformed token, or a draft's, is 404; rate-limited per client address.`;
      visitor.get(
        '/api/public/quotes/:token',
        {
          schema: {
            tags,
            description: description(
              'A sent quote as its customer sees it; a superseded version stays readable.',
            ),
            params: tokenParam,
            response: { 200: publicQuoteSchema, ...errors(404, 429) },
          },
        },
        async (request) => deps.quotes.publicQuote(request.params.token),
      );
      visitor.get(
        '/api/public/quotes/:token/pdf',
        {
          schema: {
            tags,
            description: description(
              "The quote as a PDF download, the one its e-mail carried, with the seller's details; once accepted, it shows who signed and when.",
            ),
            params: tokenParam,
            // Bytes, sent as they are: Fastify serialises no Buffer.
            response: { 200: z.unknown().describe('application/pdf'), ...errors(404, 429) },
          },
        },
        async (request, reply) => {
          const { pdf, filename } = await deps.quotes.publicPdf(request.params.token);
          return (
            reply
              .type('application/pdf')
              .header('content-disposition', attachmentDisposition(filename))
              // The token holder's own document: kept by no shared cache.
              .header('cache-control', 'private, no-store')
              .send(pdf)
          );
        },
      );
      const answered = { 200: publicQuoteSchema, ...errors(400, 404, 409, 429) };
      visitor.post(
        '/api/public/quotes/:token/accept',
        {
          schema: {
            tags,
            description: description(
              'Accepts the quote, signed with a typed name, with an optional PO number and billing and delivery addresses (free text up to 500 characters; required when the seller\'s settings say so, else 400). Creates the order (SO-000123) in the same transaction; the answer carries `order`. Taken once: answered, expired ("This quote expired on {date}") or superseded is 409.',
            ),
            params: tokenParam,
            body: acceptQuoteBody,
            response: answered,
          },
        },
        async (request) =>
          deps.quotes.answer(request.params.token, { kind: 'accepted', ...request.body }, request.ip),
      );
      visitor.post(
        '/api/public/quotes/:token/decline',
        {
          schema: {
            tags,
            description: description('Declines the quote, with an optional reason. Taken once.'),
            params: tokenParam,
            body: declineQuoteBody,
            response: answered,
          },
        },
        async (request) =>
          deps.quotes.answer(
            request.params.token,
            { kind: 'declined', reason: request.body.reason },
            request.ip,
          ),
      );
      visitor.post(
        '/api/public/quotes/:token/changes',
        {
          schema: {
            tags,
            description: description('Asks for changes, with a message; the request reopens. Taken once.'),
            params: tokenParam,
            body: changesQuoteBody,
            response: answered,
          },
        },
        async (request) =>
          deps.quotes.answer(
            request.params.token,
            { kind: 'changes_requested', message: request.body.message },
            request.ip,
          ),
      );
    });
  };
