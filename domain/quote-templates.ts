import { z } from 'zod';
import { MAX_ID } from './constants';
import { oneLine, requiredText } from './fields';
import { searchText } from './paging';

/**
 * Quote templates: a quote's lines, note and terms kept under a name. A draft started from one
 * prices each line again by today's rule (the product's price and live discounts), so a template
 * never carries an old price into a new quote; a line typed by hand keeps its price.
 */
export const QUOTE_TEMPLATE_LIMITS = {
  name: 100,
  /** Templates kept at most: the picker shows them all. */
  count: 500,
} as const;

export const QUOTE_TEMPLATE_TEXT = {
  notFound: 'Template not found',
  nameRequired: 'Name the template',
  nameTaken: 'A template with this name already exists',
  tooMany: `At most ${QUOTE_TEMPLATE_LIMITS.count} templates can be kept; delete one first`,
  sourceNotFound: 'The quote to start from was not found',
  oneSource: 'Start from a template or from a quote, not both',
  tooManyWithBasket: (asked: number, max: number) =>
    `The ${asked === 1 ? 'line' : `${asked} lines`} the customer asked for and the template's come to more than the ${max} lines a quote holds; start from the request and add what it needs`,
} as const;

const id = (field: string) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int({ error: `${field} must be a whole number` })
    .positive({ error: `${field} must be a whole number` })
    .max(MAX_ID, { error: `${field} must be a whole number` });

/** POST /api/quote-templates: a name for the quote's lines, note and terms. */
export const quoteTemplateBody = z.strictObject({
  name: oneLine(requiredText(QUOTE_TEMPLATE_TEXT.nameRequired, 'Name', QUOTE_TEMPLATE_LIMITS.name), 'Name'),
  from_quote_id: id('from_quote_id'),
});
export type QuoteTemplateInput = z.output<typeof quoteTemplateBody>;

/** GET /api/quote-templates: an optional search on the name; any other field is refused. */
export const quoteTemplateListQuery = z.strictObject({ q: searchText });

/**
 * POST /api/inquiries/{id}/quotes: with nothing, the draft starts from the request's basket; with
 * template_id, from the basket and after it that template's lines re-priced today, with the
 * template's note and terms; with from_quote_id, from that quote's content (a copy to another
 * request). One of the two at most.
 */
export const createQuoteBody = z
  .strictObject({
    template_id: id('template_id').optional(),
    from_quote_id: id('from_quote_id').optional(),
  })
  .refine((b) => b.template_id === undefined || b.from_quote_id === undefined, {
    error: QUOTE_TEMPLATE_TEXT.oneSource,
    path: ['template_id'],
  });
export type CreateQuoteInput = z.output<typeof createQuoteBody>;

export const quoteTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  note: z.string().nullable(),
  terms: z.string().nullable(),
  lines: z.array(
    z.object({
      product_id: z.number().nullable(),
      name: z.string(),
      sku: z.string().nullable(),
      /** The product's variant; a draft started from the template prices it again. */
      variant_id: z.number().nullable(),
      /** The variant's options when saved, `{ "Size": "M" }`; empty when it has none. */
      options: z.record(z.string(), z.string()),
      quantity: z.number(),
      /** The price when saved; a draft started from the template prices linked lines again. */
      unit_price: z.number(),
      discount_percent: z.number(),
    }),
  ),
  created_at: z.string(),
  created_by: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type QuoteTemplate = z.infer<typeof quoteTemplateSchema>;

export const quoteTemplateListResponse = z.object({ data: z.array(quoteTemplateSchema) });
