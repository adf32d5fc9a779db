import { eq, sql } from 'drizzle-orm';
import { toCents } from '#domain/money';
import {
  QUOTE_TEMPLATE_LIMITS,
  QUOTE_TEMPLATE_TEXT,
  type QuoteTemplate,
  type QuoteTemplateInput,
} from '#domain/quote-templates';
import { QUOTE_TEXT } from '#domain/quotes';
import { type LineOptions, optionsRecord } from '#domain/variants';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { escapeLike } from '../../db/query/sql';
import { quoteTemplates } from '../../db/schema';
import { conflict, notFound } from '../../errors/app-error';
import { chooseVariant, type PricedProduct, priceLines } from '../shared/desk';
import type { QuoteContext } from './quote-context';

type TemplateRow = {
  id: number;
  name: string;
  note: string | null;
  terms: string | null;
  created_at: string;
  created_by: number | null;
  creator: string | null;
  lines: [number | null, string, string | null, number, string, string, number | null, LineOptions | null][];
};

const decimal = (v: string) => toCents(v) / 100;

async function readTemplates(reader: Pick<Db, 'execute'>, where: ReturnType<typeof sql>) {
  const { rows } = await reader.execute<TemplateRow>(sql`
    select t.id, t.name, t.note, t.terms, t.created_at, t.created_by, u.name as creator,
      coalesce((select json_agg(json_build_array(l.product_id, l.name, l.sku, l.quantity,
          l.unit_price::text, l.discount_percent::text, l.variant_id, l.options) order by l.position)
        from quote_template_lines l where l.template_id = t.id), '[]'::json) as lines
    from quote_templates t left join users u on u.id = t.created_by
    where ${where}
    order by lower(t.name), t.id`);
  return rows.map(
    (r): QuoteTemplate => ({
      id: r.id,
      name: r.name,
      note: r.note,
      terms: r.terms,
      lines: r.lines.map(
        ([product_id, name, sku, quantity, unit_price, discount_percent, variant_id, options]) => ({
          product_id,
          name,
          sku,
          variant_id,
          options: optionsRecord(options),
          quantity,
          unit_price: decimal(unit_price),
          discount_percent: decimal(discount_percent),
        }),
      ),
      created_at: new Date(r.created_at).toISOString(),
      created_by: r.created_by === null ? null : { id: r.created_by, name: r.creator ?? '' },
    }),
  );
}

/** Every template, by name; `q` keeps those whose name holds it. */
export function listTemplates(ctx: QuoteContext, q: string | undefined) {
  const text = q?.trim();
  return readTemplates(ctx.db, text ? sql`t.name ilike ${`%${escapeLike(text)}%`}` : sql`true`);
}

/** Keeps a quote's lines (with the products they were priced from), note and terms under a name. */
export async function saveTemplate(ctx: QuoteContext, input: QuoteTemplateInput, actorId: number | null) {
  return ctx.db
    .transaction(async (tx) => {
      const { rows: source } = await tx.execute<{ id: number }>(
        sql`select id from quotes where id = ${input.from_quote_id}`,
      );
      if (!source[0]) throw notFound(QUOTE_TEXT.notFound);
      // The cap is counted under a lock of the table's writes, so two saves cannot both pass it.
      await tx.execute(sql`lock table quote_templates in share row exclusive mode`);
      const { rows: counted } = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from quote_templates`,
      );
      if (counted[0].n >= QUOTE_TEMPLATE_LIMITS.count) throw conflict(QUOTE_TEMPLATE_TEXT.tooMany);
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into quote_templates (name, shipping, shipping_label, tax_rate, note, terms, created_by)
        select ${input.name}, shipping, shipping_label, tax_rate, note, terms, ${actorId}::int
        from quotes where id = ${input.from_quote_id}
        returning id`);
      const id = rows[0].id;
      await tx.execute(sql`
        insert into quote_template_lines (template_id, position, product_id, variant_id, options, name,
          sku, quantity, unit_price, discount_percent)
        select ${id}::int, l.position, p.id, v.id, l.options, l.name, l.sku, l.quantity, l.unit_price,
          l.discount_percent
        from quote_lines l left join products p on p.id = l.product_id
          left join product_variants v on v.id = l.variant_id
        where l.quote_id = ${input.from_quote_id}`);
      const [template] = await readTemplates(tx, sql`t.id = ${id}`);
      return template;
    })
    .catch((err) => {
      if (isUniqueViolation(err, 'quote_templates_name_key'))
        throw conflict(QUOTE_TEMPLATE_TEXT.nameTaken, { name: QUOTE_TEMPLATE_TEXT.nameTaken });
      throw err;
    });
}

export async function deleteTemplate(ctx: QuoteContext, id: number) {
  const removed = await ctx.db
    .delete(quoteTemplates)
    .where(eq(quoteTemplates.id, id))
    .returning({ id: quoteTemplates.id });
  if (!removed.length) throw notFound(QUOTE_TEMPLATE_TEXT.notFound);
}

/**
 * A draft's content from a template: its shipping, tax, note and terms, and its lines with each
 * linked product's unit price taken again from today's pricing rule (the product's price and its
 * live discounts, domain/pricing.ts). A typed line, or one whose product is gone, keeps its price.
 */
export async function contentFromTemplate(tx: Tx, templateId: number) {
  const { rows } = await tx.execute<{
    shipping: string;
    shipping_label: string | null;
    tax_rate: string;
    note: string | null;
    terms: string | null;
  }>(sql`select shipping::text as shipping, shipping_label, tax_rate::text as tax_rate, note, terms
    from quote_templates where id = ${templateId}`);
  const template = rows[0];
  if (!template) throw notFound(QUOTE_TEMPLATE_TEXT.notFound);
  const { rows: lines } = await tx.execute<{
    product_id: number | null;
    name: string;
    sku: string | null;
    quantity: number;
    unit_price: string;
    discount_percent: string;
    variant_id: number | null;
    options: LineOptions | null;
  }>(sql`select l.product_id, l.name, l.sku, l.quantity, l.unit_price::text as unit_price,
      l.discount_percent::text as discount_percent, l.variant_id, l.options
    from quote_template_lines l where l.template_id = ${templateId} order by l.position`);
  const ids = [...new Set(lines.map((l) => l.product_id).filter((v): v is number => v !== null))];
  const today = ids.length ? await priceLines(tx, ids) : new Map<number, PricedProduct>();
  return {
    fields: template,
    lines: lines.map((l) => {
      const priced = l.product_id !== null ? today.get(l.product_id) : undefined;
      // The template's variant, priced today; a line that names none takes a product's only one.
      const chosen = priced ? chooseVariant(priced, l.variant_id, true) : undefined;
      const variant = chosen && !('refused' in chosen) ? chosen : undefined;
      return {
        product_id: priced ? l.product_id : null,
        variant_id: variant?.id ?? null,
        options: l.options,
        name: l.name,
        sku: l.sku,
        quantity: l.quantity,
        unit_price: priced ? toCents((variant ?? priced).final.toFixed(2)) / 100 : decimal(l.unit_price),
        discount_percent: decimal(l.discount_percent),
      };
    }),
  };
}
