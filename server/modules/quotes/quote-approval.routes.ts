import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '#domain/paging';
import {
  approveQuoteBody,
  quoteApprovalSettingsBody,
  quoteApprovalSettingsSchema,
  quoteListQuery,
  quoteListResponse,
  rejectQuoteBody,
  requestApprovalBody,
} from '#domain/quote-approval';
import { quoteSchema } from '#domain/quotes';
import { type Authenticate, currentUser } from '../../auth/hooks';
import { bearer, errors } from '../../http/schemas';
import { quoteForCaller } from '../shared/quote-read';
import type { QuotesService } from './quotes.service';

/**
 * Quote approvals: the thresholds, the approvers' list, and asking, approving and rejecting.
 * Registered inside the quotes' staff scope, so its routes are authenticated like theirs.
 */
export const approvalRoutes =
  (deps: { quotes: QuotesService; authenticate: Authenticate }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['quotes'];
    app.get(
      '/api/settings/quote-approval',
      {
        config: { permission: 'settings.manage' },
        schema: {
          tags,
          security: bearer,
          description:
            "The quote approval thresholds: a line's discount below the customer's own price (percent) and a quote's total above which a sender without quote.approve must ask for approval. Null is off; both start off.",
          response: { 200: quoteApprovalSettingsSchema, ...errors(401, 403) },
        },
      },
      async () => deps.quotes.approvalRules(),
    );
    app.put(
      '/api/settings/quote-approval',
      {
        config: { permission: 'settings.manage' },
        schema: {
          tags,
          security: bearer,
          description:
            'Sets both thresholds, `{ "max_discount_percent": 15, "max_total": 10000 }`; null turns one off. 400 names a field that is not a percent from 0 to 100 or an amount of 0 or more (two decimals at most).',
          body: quoteApprovalSettingsBody,
          response: { 200: quoteApprovalSettingsSchema, ...errors(400, 401, 403) },
        },
      },
      async (request) => deps.quotes.setApprovalRules(request.body),
    );
    app.get(
      '/api/quotes',
      {
        config: { permission: 'inquiry.read' },
        schema: {
          tags,
          security: bearer,
          description:
            "The quotes, paged (`page`, `limit`, `sortBy` created_at or requested_at, `order`), newest first; `approval=pending` (or approved, rejected) keeps the drafts whose approval stands there: what waits for an approver. Each with its request's reference and customer, its total and its approval.",
          querystring: quoteListQuery,
          response: { 200: quoteListResponse, ...errors(400, 401, 403) },
        },
      },
      async (request) => deps.quotes.list(request.query),
    );
    app.post(
      '/api/quotes/:id/approval',
      {
        config: { permission: 'quote.send' },
        schema: {
          tags,
          security: bearer,
          description:
            "Asks for approval of a draft that breaks an approval rule, with a note: its `approval` becomes pending, with who asked and the note; every user with quote.approve is e-mailed through the outbox. In the request's history and Activity; raises quote.approval_requested. 409 for a quote that is not a draft, breaks no rule, or is already pending or approved.",
          params: idParam,
          body: requestApprovalBody,
          response: { 200: quoteSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const quote = await deps.quotes.requestApproval(
          request.params.id,
          { id: user.id, rights: user.permissions },
          request.body.note,
        );
        return quoteForCaller(quote, user.permissions);
      },
    );
    app.post(
      '/api/quotes/:id/approve',
      {
        config: { permission: 'quote.approve' },
        schema: {
          tags,
          security: bearer,
          description:
            'Approves a pending draft, with an optional note; the requester can then send it. 403 for the one who asked, whatever their rights; 409 when it is not waiting for approval. Raises quote.approved. Any later change to the draft voids it.',
          params: idParam,
          body: approveQuoteBody,
          response: { 200: quoteSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const quote = await deps.quotes.approve(
          request.params.id,
          { id: user.id, rights: user.permissions },
          request.body.note,
        );
        return quoteForCaller(quote, user.permissions);
      },
    );
    app.post(
      '/api/quotes/:id/reject',
      {
        config: { permission: 'quote.approve' },
        schema: {
          tags,
          security: bearer,
          description:
            'Rejects a pending draft with a reason, shown to the requester. 403 for the one who asked; 409 when it is not waiting for approval. Raises quote.rejected.',
          params: idParam,
          body: rejectQuoteBody,
          response: { 200: quoteSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const quote = await deps.quotes.reject(
          request.params.id,
          { id: user.id, rights: user.permissions },
          request.body.reason,
        );
        return quoteForCaller(quote, user.permissions);
      },
    );
  };
