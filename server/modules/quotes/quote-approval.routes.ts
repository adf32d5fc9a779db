import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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
import type { ApprovalActor } from './quote-approval';
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
    /** The three steps of an approval: each a post on a quote by its caller, with one text. */
    const step = <B extends z.ZodType>(
      path: string,
      permission: 'quote.send' | 'quote.approve',
      description: string,
      body: B,
      act: (
        id: number,
        caller: ApprovalActor,
        body: z.infer<B>,
      ) => Promise<Parameters<typeof quoteForCaller>[0]>,
    ) =>
      app.post(
        `/api/quotes/:id/${path}`,
        {
          config: { permission },
          schema: {
            tags,
            security: bearer,
            description,
            params: idParam,
            body,
            response: { 200: quoteSchema, ...errors(400, 401, 403, 404, 409) },
          },
        },
        async (request) => {
          const user = currentUser(request);
          const quote = await act(
            request.params.id,
            { id: user.id, rights: user.permissions },
            request.body as z.infer<B>,
          );
          return quoteForCaller(quote, user.permissions);
        },
      );
    step(
      'approval',
      'quote.send',
      "Asks for approval of a draft that breaks an approval rule, with a note: its `approval` becomes pending, with who asked and the note; every user with quote.approve is e-mailed through the outbox. In the request's history and Activity; raises quote.approval_requested. 409 for a quote that is not a draft, breaks no rule, or is already pending or approved.",
      requestApprovalBody,
      (id, caller, body) => deps.quotes.requestApproval(id, caller, body.note),
    );
    step(
      'approve',
      'quote.approve',
      'Approves a pending draft, with an optional note; the requester can then send it. 403 for the one who asked, whatever their rights; 409 when it is not waiting for approval. Raises quote.approved. Any later change to the draft voids it.',
      approveQuoteBody,
      (id, caller, body) => deps.quotes.approve(id, caller, body.note),
    );
    step(
      'reject',
      'quote.approve',
      'Rejects a pending draft with a reason, shown to the requester. 403 for the one who asked; 409 when it is not waiting for approval. Raises quote.rejected.',
      rejectQuoteBody,
      (id, caller, body) => deps.quotes.reject(id, caller, body.reason),
    );
  };
