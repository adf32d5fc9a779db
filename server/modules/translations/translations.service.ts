import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { EntityType } from '#domain/history';
import { API_ERROR } from '#domain/messages';
import { PRODUCT_MESSAGES } from '#domain/products';
import {
  type BrandTranslation,
  type brandTranslationBody,
  type CategoryTranslation,
  type categoryTranslationBody,
  type optionTranslationBody,
  type ProductTranslation,
  type ProductTranslationBody,
  TRANSLATION_TEXT,
} from '#domain/translations';
import type { Db, Tx } from '../../db/client';
import { badRequest, notFound } from '../../errors/app-error';
import { type LoggedFields, logEntry } from '../../history/entry';
import type { Locales } from './locales';

type Row = Record<string, unknown> & { updated_at: Date | string | null };

/** Each translated item: its table, key column, the item's own table and the fields it translates. */
const KINDS = {
  product: {
    table: 'product_translations',
    key: 'product_id',
    owner: 'products',
    fields: ['name', 'description', 'seo_title', 'seo_description', 'sections'],
    missing: PRODUCT_MESSAGES.productNotFound,
  },
  category: {
    table: 'category_translations',
    key: 'category_id',
    owner: 'categories',
    fields: ['name', 'description'],
    missing: API_ERROR.categoryNotFound,
  },
  brand: {
    table: 'brand_translations',
    key: 'brand_id',
    owner: 'brands',
    fields: ['description'],
    missing: API_ERROR.brandNotFound,
  },
} as const satisfies Record<
  EntityType & ('product' | 'category' | 'brand'),
  { table: string; key: string; owner: string; fields: readonly string[]; missing: string }
>;
type Kind = keyof typeof KINDS;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** An empty sections document, or one of empty parts, is no translation. */
const emptyDoc = (v: unknown) =>
  v === null ||
  v === undefined ||
  (typeof v === 'object' && Object.values(v as object).every((part) => Object.keys(part ?? {}).length === 0));

/** One locale's row as the API answers it: every field, null where the default shows. */
function shape(fields: readonly string[], row: Row | undefined) {
  const out: Record<string, unknown> = {};
  for (const f of fields) out[f] = row?.[f] ?? null;
  out.updated_at = iso(row?.updated_at ?? null);
  return out;
}

async function lockOwner(tx: Tx, kind: Kind, id: number) {
  const k = KINDS[kind];
  const { rows } = await tx.execute(
    sql`select id from ${sql.identifier(k.owner)} where id = ${id} for update`,
  );
  if (!rows[0]) throw notFound(k.missing);
}

/**
 * Translations of products (their sections too), categories, brands and options: one row per
 * item and locale (ADR 0034). A write merges into the locale's row: a field left out keeps its
 * text, '' or null clears it, and a row with nothing left goes. Every write is logged on the item
 * (`name@de`), so the history shows it and a product's write makes its product.updated event.
 */
export function createTranslationsService(db: Db, locales: Locales) {
  async function readAll(kind: Kind, id: number) {
    const k = KINDS[kind];
    const { rows: owner } = await db.execute(sql`select id from ${sql.identifier(k.owner)} where id = ${id}`);
    if (!owner[0]) throw notFound(k.missing);
    const { rows } = await db.execute<Row>(
      sql`select * from ${sql.identifier(k.table)} where ${sql.identifier(k.key)} = ${id}`,
    );
    return Object.fromEntries(
      locales.translated.map((l) => [
        l,
        shape(
          k.fields,
          rows.find((r) => r.locale === l),
        ),
      ]),
    );
  }

  async function write(kind: Kind, id: number, locale: string, body: Record<string, unknown>) {
    const k = KINDS[kind];
    locales.editable(locale);
    return db.transaction(async (tx) => {
      await lockOwner(tx, kind, id);
      const { rows } = await tx.execute<Row>(
        sql`select * from ${sql.identifier(k.table)}
          where ${sql.identifier(k.key)} = ${id} and locale = ${locale} for update`,
      );
      const before = rows[0];
      const next: Record<string, unknown> = {};
      const changes: LoggedFields = {};
      for (const f of k.fields) {
        const given = body[f];
        const value =
          given === undefined ? (before?.[f] ?? null) : f === 'sections' && emptyDoc(given) ? null : given;
        next[f] = value;
        if (!same(before?.[f], value))
          changes[`${f}@${locale}`] = { before: before?.[f] ?? null, after: value };
      }
      if (Object.keys(changes).length === 0) return shape(k.fields, before);
      const table = sql.identifier(k.table);
      const key = sql.identifier(k.key);
      let stored: Row | undefined;
      if (k.fields.every((f) => next[f] === null)) {
        await tx.execute(sql`delete from ${table} where ${key} = ${id} and locale = ${locale}`);
      } else {
        const cols = k.fields.map((f) => sql.identifier(f));
        const vals = k.fields.map((f) =>
          f === 'sections'
            ? sql`${next[f] === null ? null : JSON.stringify(next[f])}::jsonb`
            : sql`${next[f]}`,
        );
        const { rows: written } = await tx.execute<Row>(sql`
          insert into ${table} (${key}, locale, ${sql.join(cols, sql`, `)})
          values (${id}, ${locale}, ${sql.join(vals, sql`, `)})
          on conflict (${key}, locale) do update set
            ${sql.join(
              cols.map((c) => sql`${c} = excluded.${c}`),
              sql`, `,
            )}, updated_at = now()
          returning *`);
        stored = written[0];
      }
      await logEntry(tx, kind, id, changes);
      return shape(k.fields, stored);
    });
  }

  /** The option, checked to be the product's; 404 otherwise. */
  async function optionOf(executor: Pick<Db, 'execute'>, productId: number, optionId: number) {
    const { rows } = await executor.execute<{ id: number; value_ids: number[] }>(sql`
      select o.id, coalesce(array(select v.id from product_option_values v where v.option_id = o.id), '{}') as value_ids
      from product_options o where o.id = ${optionId} and o.product_id = ${productId}`);
    if (!rows[0]) throw notFound(TRANSLATION_TEXT.optionNotFound);
    return rows[0];
  }

  const optionShape = (row: Row | undefined) => ({
    name: (row?.name as string | null) ?? null,
    values: (row?.values as Record<string, string> | undefined) ?? {},
    updated_at: iso(row?.updated_at ?? null),
  });

  return {
    productTranslations: (id: number) =>
      readAll('product', id) as Promise<Record<string, ProductTranslation>>,
    categoryTranslations: (id: number) =>
      readAll('category', id) as Promise<Record<string, CategoryTranslation>>,
    brandTranslations: (id: number) => readAll('brand', id) as Promise<Record<string, BrandTranslation>>,

    setProduct: (id: number, locale: string, body: ProductTranslationBody) =>
      write('product', id, locale, body) as Promise<ProductTranslation>,
    setCategory: (id: number, locale: string, body: z.output<typeof categoryTranslationBody>) =>
      write('category', id, locale, body) as Promise<CategoryTranslation>,
    setBrand: (id: number, locale: string, body: z.output<typeof brandTranslationBody>) =>
      write('brand', id, locale, body) as Promise<BrandTranslation>,

    async optionTranslations(productId: number, optionId: number) {
      await optionOf(db, productId, optionId);
      const { rows } = await db.execute<Row>(
        sql`select * from product_option_translations where option_id = ${optionId}`,
      );
      return Object.fromEntries(
        locales.translated.map((l) => [l, optionShape(rows.find((r) => r.locale === l))]),
      );
    },

    /**
     * An option's name and value texts in a locale. Values merge by id as the fields do; an id
     * that is not one of the option's values is a 400. Logged on the product, whose option it is.
     */
    async setOption(
      productId: number,
      optionId: number,
      locale: string,
      body: z.output<typeof optionTranslationBody>,
    ) {
      locales.editable(locale);
      return db.transaction(async (tx) => {
        await lockOwner(tx, 'product', productId);
        const option = await optionOf(tx, productId, optionId);
        for (const valueId of Object.keys(body.values ?? {}))
          if (!option.value_ids.includes(Number(valueId)))
            throw badRequest(TRANSLATION_TEXT.unknownValue(valueId), {
              [`values.${valueId}`]: TRANSLATION_TEXT.unknownValue(valueId),
            });
        const { rows } = await tx.execute<Row>(sql`select * from product_option_translations
          where option_id = ${optionId} and locale = ${locale} for update`);
        const before = optionShape(rows[0]);
        const name = body.name === undefined ? before.name : body.name;
        const values: Record<string, string> = { ...before.values };
        for (const [valueId, text] of Object.entries(body.values ?? {})) {
          if (text === undefined) continue;
          if (text === null) delete values[valueId];
          else values[valueId] = text;
        }
        const changes: LoggedFields = {};
        if (!same(before.name, name))
          changes[`option ${optionId} name@${locale}`] = { before: before.name, after: name };
        if (!same(before.values, values))
          changes[`option ${optionId} values@${locale}`] = { before: before.values, after: values };
        if (Object.keys(changes).length === 0) return before;
        let stored: Row | undefined;
        if (name === null && Object.keys(values).length === 0) {
          await tx.execute(
            sql`delete from product_option_translations where option_id = ${optionId} and locale = ${locale}`,
          );
        } else {
          const { rows: written } = await tx.execute<Row>(sql`
            insert into product_option_translations (option_id, locale, name, values)
            values (${optionId}, ${locale}, ${name}, ${JSON.stringify(values)}::jsonb)
            on conflict (option_id, locale) do update set name = excluded.name, values = excluded.values,
              updated_at = now()
            returning *`);
          stored = written[0];
        }
        await logEntry(tx, 'product', productId, changes);
        return optionShape(stored);
      });
    },
  };
}

export type TranslationsService = ReturnType<typeof createTranslationsService>;
