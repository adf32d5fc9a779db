import type { QuoteInput } from '#domain/quotes';
import type { Db } from '../../db/client';
import { type AnswerInput, answerQuote, publicPdf, publicQuote } from './quote-answer';
import { type QuotesDeps, quoteContext } from './quote-context';
import { createDraft, removeDraft, reviseQuote, updateDraft } from './quote-drafts';
import { sendQuote } from './quote-send';

/**
 * The quotes of the desk: the staff's drafts, sends and revisions (quote-drafts.ts,
 * quote-send.ts) and the customer's page, PDF and answer (quote-answer.ts), over one context.
 */
export function createQuotesService(db: Db, deps: QuotesDeps) {
  const ctx = quoteContext(db, deps);
  return {
    get: (id: number) => ctx.readOne(db, id),
    create: (inquiryId: number, actorId: number) => createDraft(ctx, inquiryId, actorId),
    update: (id: number, input: QuoteInput) => updateDraft(ctx, id, input),
    remove: (id: number) => removeDraft(ctx, id),
    send: (id: number, actorId: number) => sendQuote(ctx, id, actorId),
    revise: (id: number, actorId: number) => reviseQuote(ctx, id, actorId),
    publicQuote: (token: string) => publicQuote(ctx, token),
    publicPdf: (token: string) => publicPdf(ctx, token),
    answer: (token: string, input: AnswerInput, address: string) => answerQuote(ctx, token, input, address),
  };
}

export type QuotesService = ReturnType<typeof createQuotesService>;
