import { and, eq, sql } from 'drizzle-orm';
import { INQUIRY_TEXT } from '#domain/inquiries';
import { toCents } from '#domain/money';
import { type CreateQuoteInput, QUOTE_TEMPLATE_TEXT } from '#domain/quote-templates';
import { defaultValidUntil, QUOTE_LIMITS, QUOTE_TEXT, type QuoteInput } from '#domain/quotes';
import { type LineOptions, VARIANT_MESSAGES } from '#domain/variants';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inquiries, inquiryLines, products, quoteLines, quotes } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors/app-error';
import { itemKey, priceItems } from '../price-lists';
import { chooseVariant, lockInquiry, type PricedProduct, priceLines, storedOptions } from '../shared/desk';
import { readQuoteRows } from '../shared/quote-read';
import { voidApprovalOnChange } from './quote-approval';
import type { QuoteContext } from './quote-context';
import { lockBoth, lockQuote } from './quote-locks';
import { contentFromTemplate } from './quote-templates';

/** A line as a draft is written from: what staff send, or what a request, quote or template kept. */
export type DraftLine = Omit<QuoteInput['lines'][number], 'catalogue_price' | 'options' | 'price_source'> & {
  /** Kept options, for a line whose variant is gone; a line with its variant takes the variant's. */
  options?: LineOptions | null;
};

/**
 * Writes a draft's lines. A product line takes its variant's SKU, options and catalogue price
 * (the variant's price with the product's best discount, now). Staff's lines (`from: 'staff'`)
 * are judged as a basket's are: a product with several variants needs one, which must be the
 * product's and active unless the draft already carried it. Lines copied from a request, a quote
 * or a template (`from: 'kept'`) are what was asked or quoted then: a variant that cannot be
 * chosen now leaves the line as it was kept, with no variant for staff to pick one.
 */
async function writeLines(tx: Tx, quoteId: number, lines: DraftLine[], from: 'staff' | 'kept') {
  const { rows: before } = await tx.execute<{ variant_id: number }>(
    sql`select variant_id from quote_lines where quote_id = ${quoteId} and variant_id is not null`,
  );
  const had = new Set(before.map((r) => r.variant_id));
  const ids = [...new Set(lines.map((l) => l.product_id).filter((v): v is number => v !== null))];
  const priced = ids.length ? await priceLines(tx, ids) : new Map<number, PricedProduct>();
  const refused: Record<string, string> = {};
  const variants = lines.map((l, i) => {
    const product = l.product_id === null ? undefined : priced.get(l.product_id);
    if (!product) {
      if (from === 'staff' && l.variant_id !== null)
        refused[`lines.${i}.variant_id`] = VARIANT_MESSAGES.variantOfAnotherProduct;
      return null;
    }
    const variant = chooseVariant(
      product,
      l.variant_id,
      from === 'kept' || (l.variant_id !== null && had.has(l.variant_id)),
    );
    if (!('refused' in variant)) return variant;
    if (from === 'staff') refused[`lines.${i}.variant_id`] = variant.refused;
    return null;
  });
  if (Object.keys(refused).length) throw badRequest(Object.values(refused)[0], refused);
  const customerPrices = await linePrices(
    tx,
    await customerOfQuote(tx, quoteId),
    lines.map((l, i) => ({ variant: variants[i], quantity: l.quantity })),
  );
  await tx.delete(quoteLines).where(eq(quoteLines.quote_id, quoteId));
  if (lines.length)
    await tx.insert(quoteLines).values(
      lines.map((l, position) => {
        const product = l.product_id === null ? undefined : priced.get(l.product_id);
        const variant = variants[position];
        return {
          quote_id: quoteId,
          position,
          // The product a line was priced from is a link, not part of the quote: one deleted
          // meanwhile (or never there) leaves the line with its name and price and no link.
          product_id:
            l.product_id === null
              ? null
              : sql<number>`(select id from ${products} where id = ${l.product_id})`,
          variant_id: variant?.id ?? null,
          options: storedOptions(variant ? variant.options : l.options),
          name: l.name,
          sku: variant?.sku ?? l.sku,
          quantity: l.quantity,
          unit_price: l.unit_price.toFixed(2),
          discount_percent: l.discount_percent.toFixed(2),
          // Each linked line's price for this customer and quantity now, and where it came from,
          // kept beside its unit price (which staff may change).
          catalogue_price:
            (customerPrices[position]?.unit_price ?? (variant ?? product)?.final)?.toFixed(2) ?? null,
          price_source: customerPrices[position]?.source ?? null,
        };
      }),
    );
}

/** The customer a quote's request belongs to, whose prices its lines start from. */
async function customerOfQuote(tx: Tx, quoteId: number) {
  const { rows } = await tx.execute<{ customer_id: number | null }>(
    sql`select i.customer_id from quotes q join inquiries i on i.id = q.inquiry_id where q.id = ${quoteId}`,
  );
  return rows[0]?.customer_id ?? null;
}

/**
 * What the customer pays for each line's variant at the line's quantity (ADR 0031): their
 * agreement's price, a break's or the catalogue's, the lowest; undefined for a line with no variant.
 */
async function linePrices(
  tx: Tx,
  customerId: number | null,
  lines: { variant: { id: number } | null | undefined; quantity: number }[],
) {
  const items = lines.flatMap((l) => (l.variant ? [{ variant_id: l.variant.id, quantity: l.quantity }] : []));
  const prices = await priceItems(tx, items, customerId);
  return lines.map((l) =>
    l.variant ? prices.get(itemKey({ variant_id: l.variant.id, quantity: l.quantity })) : undefined,
  );
}

/** A draft can be written only while no other exists for its request (quotes_one_draft_key). */
const draftRace = (err: unknown) => {
  if (isUniqueViolation(err, 'quotes_one_draft_key')) throw conflict(QUOTE_TEXT.draftExists);
  throw err;
};

/** The lines a new quote starts from: the basket priced today, or the one product asked about. */
async function startingLines(tx: Tx, inquiryId: number) {
  const basket = await tx
    .select()
    .from(inquiryLines)
    .where(eq(inquiryLines.inquiry_id, inquiryId))
    .orderBy(inquiryLines.position);
  const [inquiry] = await tx
    .select({ product_id: inquiries.product_id, customer_id: inquiries.customer_id })
    .from(inquiries)
    .where(eq(inquiries.id, inquiryId));
  const ids = basket.length
    ? basket.map((l) => l.product_id).filter((v): v is number => v !== null)
    : inquiry.product_id
      ? [inquiry.product_id]
      : [];
  const priced = ids.length ? await priceLines(tx, ids) : new Map();
  if (basket.length) {
    const chosen = basket.map((l) => {
      const today = l.product_id !== null ? priced.get(l.product_id) : undefined;
      // The variant asked for, priced today; a request from before variants names none, so a
      // product's only variant stands for it.
      const found = today ? chooseVariant(today, l.variant_id, true) : undefined;
      return { today, variant: found && !('refused' in found) ? found : undefined };
    });
    // Each line starts at what this customer pays for its variant at its quantity.
    const theirs = await linePrices(
      tx,
      inquiry.customer_id,
      basket.map((l, i) => ({ variant: chosen[i].variant, quantity: l.quantity })),
    );
    return basket.map((l, i) => {
      const { today, variant } = chosen[i];
      const start = theirs[i]?.unit_price ?? (variant ?? today)?.final;
      // A product deleted since keeps the name and price the request stored.
      return {
        product_id: today ? l.product_id : null,
        variant_id: variant?.id ?? null,
        options: l.options,
        name: l.name,
        sku: l.sku,
        quantity: l.quantity,
        unit_price:
          today && start !== undefined ? toCents(start.toFixed(2)) / 100 : toCents(l.unit_price) / 100,
        discount_percent: 0,
      };
    });
  }
  const product = inquiry.product_id !== null ? priced.get(inquiry.product_id) : undefined;
  if (!product) return [];
  const only = product.variants.length === 1 ? product.variants[0] : undefined;
  const [theirs] = await linePrices(tx, inquiry.customer_id, [{ variant: only, quantity: 1 }]);
  return [
    {
      product_id: inquiry.product_id,
      variant_id: null,
      name: product.name,
      sku: product.sku,
      quantity: 1,
      unit_price: toCents((theirs?.unit_price ?? product.final).toFixed(2)) / 100,
      discount_percent: 0,
    },
  ];
}

/** An existing quote's content, copied as quoted (any request's, any status). */
async function contentFromQuote(tx: Tx, quoteId: number) {
  const [row] = await readQuoteRows(tx, sql`q.id = ${quoteId}`);
  if (!row) throw notFound(QUOTE_TEMPLATE_TEXT.sourceNotFound);
  return {
    fields: {
      shipping: row.shipping,
      shipping_label: row.shipping_label,
      tax_rate: row.tax_rate,
      note: row.note,
      terms: row.terms,
    },
    lines: row.lines.map(
      ([product_id, name, sku, quantity, unit_price, discount_percent, , variant_id, options]) => ({
        product_id,
        variant_id,
        options,
        name,
        sku,
        quantity,
        unit_price: toCents(unit_price) / 100,
        discount_percent: toCents(discount_percent) / 100,
      }),
    ),
  };
}

/**
 * A draft for a request; one draft at a time. Its lines start from what was asked for (the
 * basket priced today), followed by a template's lines re-priced today when one is named, or are
 * another quote's as it was quoted ("Copy to another request").
 */
export async function createDraft(
  ctx: QuoteContext,
  inquiryId: number,
  actorId: number | null,
  source: CreateQuoteInput = {},
) {
  return ctx.db
    .transaction(async (tx) => {
      const inquiry = await lockInquiry(tx, inquiryId);
      if (!inquiry) throw notFound(INQUIRY_TEXT.notFound);
      const [draft] = await tx
        .select({ id: quotes.id })
        .from(quotes)
        .where(and(eq(quotes.inquiry_id, inquiryId), eq(quotes.status, 'draft')));
      if (draft) throw conflict(QUOTE_TEXT.draftExists);
      const from =
        source.template_id !== undefined
          ? await contentFromTemplate(tx, source.template_id)
          : source.from_quote_id !== undefined
            ? await contentFromQuote(tx, source.from_quote_id)
            : null;
      // A copy is another quote's offer as it was; the basket and a template are both wanted:
      // what the customer asked for first, then the template's lines after it.
      const lines =
        from && source.template_id === undefined
          ? from.lines
          : [...(await startingLines(tx, inquiryId)), ...(from?.lines ?? [])];
      if (lines.length > QUOTE_LIMITS.lines)
        throw conflict(
          QUOTE_TEMPLATE_TEXT.tooManyWithBasket(lines.length - (from?.lines.length ?? 0), QUOTE_LIMITS.lines),
        );
      const [row] = await tx
        .insert(quotes)
        .values({
          inquiry_id: inquiryId,
          currency: ctx.deps.currency,
          valid_until: defaultValidUntil(ctx.deps.timeZone),
          created_by: actorId,
          ...from?.fields,
        })
        .returning({ id: quotes.id });
      await writeLines(tx, row.id, lines, 'kept');
      return ctx.readOne(tx, row.id);
    })
    .catch(draftRace);
}

/** Replaces a draft's content; a sent quote is frozen (revise it instead). */
export async function updateDraft(ctx: QuoteContext, id: number, input: QuoteInput) {
  return ctx.db.transaction(async (tx) => {
    const quote = await lockQuote(tx, sql`id = ${id}`);
    if (!quote) throw notFound(QUOTE_TEXT.notFound);
    if (quote.status !== 'draft') throw conflict(QUOTE_TEXT.notDraft);
    await voidApprovalOnChange(tx, id, async () => {
      await tx
        .update(quotes)
        .set({
          shipping: input.shipping.toFixed(2),
          shipping_label: input.shipping_label,
          tax_rate: input.tax_rate.toFixed(2),
          valid_until: input.valid_until ?? defaultValidUntil(ctx.deps.timeZone),
          note: input.note,
          terms: input.terms,
        })
        .where(eq(quotes.id, id));
      await writeLines(tx, id, input.lines, 'staff');
    });
    return ctx.readOne(tx, id);
  });
}

export async function removeDraft(ctx: QuoteContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const quote = await lockQuote(tx, sql`id = ${id}`);
    if (!quote) throw notFound(QUOTE_TEXT.notFound);
    if (quote.status !== 'draft') throw conflict(QUOTE_TEXT.notDraft);
    await tx.delete(quotes).where(eq(quotes.id, id));
  });
}

/** A new draft from a sent quote (or one the customer asked to change), copying its content. */
export async function reviseQuote(ctx: QuoteContext, id: number, actorId: number | null) {
  return ctx.db
    .transaction(async (tx) => {
      const locked = await lockBoth(tx, sql`id = ${id}`);
      if (!locked) throw notFound(QUOTE_TEXT.notFound);
      const source = locked.quote;
      if (source.status !== 'sent' && source.status !== 'changes_requested')
        throw conflict(QUOTE_TEXT.notSent);
      const [draft] = await tx
        .select({ id: quotes.id })
        .from(quotes)
        .where(and(eq(quotes.inquiry_id, source.inquiry_id), eq(quotes.status, 'draft')));
      if (draft) throw conflict(QUOTE_TEXT.draftExists);
      const fresh = defaultValidUntil(ctx.deps.timeZone);
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into quotes (inquiry_id, currency, shipping, shipping_label, tax_rate, valid_until, note,
          terms, created_by, revised_from)
        select inquiry_id, currency, shipping, shipping_label, tax_rate,
          greatest(valid_until, ${fresh}::date), note, terms, ${actorId}::int, id
        from quotes where id = ${id}
        returning id`);
      const newId = rows[0].id;
      await tx.execute(sql`
        insert into quote_lines (quote_id, position, product_id, variant_id, options, name, sku,
          quantity, unit_price, discount_percent, catalogue_price, price_source)
        select ${newId}::int, l.position, p.id, v.id, l.options, l.name, l.sku, l.quantity, l.unit_price,
          l.discount_percent, l.catalogue_price, l.price_source
        from quote_lines l left join ${products} p on p.id = l.product_id
          left join product_variants v on v.id = l.variant_id
        where l.quote_id = ${id}`);
      return ctx.readOne(tx, newId);
    })
    .catch(draftRace);
}
