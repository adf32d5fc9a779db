import type { QuoteApprovalRules, QuoteListParams } from '#domain/quote-approval';
import type { CreateQuoteInput, QuoteTemplateInput } from '#domain/quote-templates';
import type { ExtendQuoteInput, QuoteInput } from '#domain/quotes';
import type { Rights } from '../../auth/rights';
import type { Db } from '../../db/client';
import { type AnswerInput, answerQuote, publicPdf, publicQuote } from './quote-answer';
import {
  type ApprovalActor,
  approvalRules,
  decideApproval,
  listQuotes,
  requestApproval,
  setApprovalRules,
} from './quote-approval';
import { type QuotesDeps, quoteContext } from './quote-context';
import { createDraft, removeDraft, reviseQuote, updateDraft } from './quote-drafts';
import { runQuoteExpiry } from './quote-expiry';
import { extendQuote, sendQuote } from './quote-send';
import { deleteTemplate, listTemplates, saveTemplate } from './quote-templates';

/**
 * The quotes of the desk: the staff's drafts, sends, revisions and extensions (quote-drafts.ts,
 * quote-send.ts), templates (quote-templates.ts), the scheduled expiry and reminders
 * (quote-expiry.ts) and the customer's page, PDF and answer (quote-answer.ts), over one context.
 */
export function createQuotesService(db: Db, deps: QuotesDeps) {
  const ctx = quoteContext(db, deps);
  return {
    get: (id: number) => ctx.readOne(db, id),
    create: (inquiryId: number, actorId: number | null, source?: CreateQuoteInput) =>
      createDraft(ctx, inquiryId, actorId, source),
    update: (id: number, input: QuoteInput) => updateDraft(ctx, id, input),
    remove: (id: number) => removeDraft(ctx, id),
    /** Sends a draft; one breaking an approval rule needs approval first, or quote.approve in `rights`. */
    send: (id: number, actorId: number | null, rights: Rights) => sendQuote(ctx, id, actorId, rights),
    approvalRules: () => approvalRules(db),
    setApprovalRules: (rules: QuoteApprovalRules) => setApprovalRules(db, rules),
    requestApproval: (id: number, actor: ApprovalActor, note: string) =>
      requestApproval(ctx, id, actor, note),
    approve: (id: number, actor: ApprovalActor, note: string | null) =>
      decideApproval(ctx, id, actor, { approved: true, text: note }),
    reject: (id: number, actor: ApprovalActor, reason: string) =>
      decideApproval(ctx, id, actor, { approved: false, text: reason }),
    list: (params: QuoteListParams) => listQuotes(ctx, params),
    revise: (id: number, actorId: number | null) => reviseQuote(ctx, id, actorId),
    extend: (id: number, input: ExtendQuoteInput, actorId: number | null) =>
      extendQuote(ctx, id, input, actorId),
    /** The scheduled pass: expiry and reminders at `now` (the tests pass their own clock). */
    runExpiry: (now?: Date) => runQuoteExpiry(ctx, now),
    templates: (q?: string) => listTemplates(ctx, q),
    saveTemplate: (input: QuoteTemplateInput, actorId: number | null) => saveTemplate(ctx, input, actorId),
    deleteTemplate: (id: number) => deleteTemplate(ctx, id),
    publicQuote: (token: string) => publicQuote(ctx, token),
    publicPdf: (token: string) => publicPdf(ctx, token),
    answer: (token: string, input: AnswerInput, address: string) => answerQuote(ctx, token, input, address),
  };
}

export type QuotesService = ReturnType<typeof createQuotesService>;
