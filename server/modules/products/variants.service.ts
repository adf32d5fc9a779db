import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { centsToDecimal, toCents } from '#domain/money';
import { PRODUCT_MESSAGES } from '#domain/products';
import {
  type createOptionBody,
  type createVariantBody,
  type ProductOption,
  type updateOptionBody,
  type updateVariantBody,
  VARIANT_LIMITS,
  VARIANT_MESSAGES,
  type Variant,
} from '#domain/variants';
import { type Rights, requireProductRights } from '../../auth/rights';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../errors/app-error';
import { readVariantSets } from './variant-read';

type CreateOption = z.output<typeof createOptionBody>;
type UpdateOption = z.output<typeof updateOptionBody>;
type CreateVariant = z.output<typeof createVariantBody>;
type UpdateVariant = z.output<typeof updateVariantBody>;

type OptionRow = { id: number; name: string; position: number };
type ValueRow = { id: number; option_id: number; value: string; position: number };
type VariantRow = {
  id: number;
  product_id: number;
  sku: string | null;
  mrp: string;
  status: string;
  image_id: number | null;
  position: number;
  option1_value_id: number | null;
  option2_value_id: number | null;
  option3_value_id: number | null;
};

/** The variant column an option of this position fills. */
const column = (position: number) => sql.identifier(`option${position}_value_id`);
const lower = (s: string) => s.toLowerCase();

/** The unique violations a variant write can meet, each as the one 409 it means. */
function conflicts(err: unknown): never {
  if (isUniqueViolation(err, 'product_variants_sku_key') || isUniqueViolation(err, 'products_sku_key'))
    throw conflict(VARIANT_MESSAGES.skuTaken, { sku: VARIANT_MESSAGES.skuTaken });
  if (isUniqueViolation(err, 'product_variants_combination_key'))
    throw conflict(VARIANT_MESSAGES.combinationTaken, { options: VARIANT_MESSAGES.combinationTaken });
  if (isUniqueViolation(err, 'product_options_name_key'))
    throw conflict(VARIANT_MESSAGES.optionNameTaken, { name: VARIANT_MESSAGES.optionNameTaken });
  throw err;
}

async function lockProduct(tx: Tx, productId: number) {
  const { rows } = await tx.execute<{ id: number; sku: string | null; slug: string; mrp: string }>(
    sql`select id, sku, slug, mrp::text as mrp from products where id = ${productId} for update`,
  );
  if (!rows[0]) throw notFound(PRODUCT_MESSAGES.productNotFound);
  return rows[0];
}

async function optionsOf(tx: Pick<Db, 'execute'>, productId: number) {
  const { rows: options } = await tx.execute<OptionRow>(
    sql`select id, name, position from product_options where product_id = ${productId} order by position`,
  );
  const { rows: values } = await tx.execute<ValueRow>(sql`
    select v.id, v.option_id, v.value, v.position from product_option_values v
    join product_options o on o.id = v.option_id
    where o.product_id = ${productId} order by v.position, v.id`);
  return options.map((o) => ({ ...o, values: values.filter((v) => v.option_id === o.id) }));
}

const variantsOf = async (tx: Pick<Db, 'execute'>, productId: number) =>
  (
    await tx.execute<VariantRow>(sql`select id, product_id, sku, mrp::text as mrp, status, image_id, position,
      option1_value_id, option2_value_id, option3_value_id
      from product_variants where product_id = ${productId} order by position, id`)
  ).rows;

async function readOption(tx: Tx, optionId: number): Promise<ProductOption> {
  const { rows } = await tx.execute<{ id: number; name: string; product_id: number }>(
    sql`select id, name, product_id from product_options where id = ${optionId}`,
  );
  const options = await optionsOf(tx, rows[0].product_id);
  const option = options.find((o) => o.id === optionId);
  return {
    id: optionId,
    name: rows[0].name,
    values: (option?.values ?? []).map((v) => ({ id: v.id, value: v.value })),
  };
}

async function readVariant(executor: Pick<Db, 'execute'>, productId: number, id: number): Promise<Variant> {
  const set = (await readVariantSets(executor, [productId])).get(productId);
  const variant = set?.variants.find((v) => v.id === id);
  if (!variant) throw notFound(VARIANT_MESSAGES.variantNotFound);
  return variant;
}

async function insertValues(tx: Tx, optionId: number, values: string[], from = 0) {
  const ids: number[] = [];
  for (const [i, value] of values.entries()) {
    const { rows } = await tx.execute<{ id: number }>(
      sql`insert into product_option_values (option_id, value, position) values (${optionId}, ${value}, ${from + i}) returning id`,
    );
    ids.push(rows[0].id);
  }
  return ids;
}

/** Which value of each option a `{ "Size": "M" }` names, by option position; 400 naming `options.<Name>`. */
function resolveCombination(
  options: Awaited<ReturnType<typeof optionsOf>>,
  given: Record<string, string>,
): (number | null)[] {
  const byName = new Map(options.map((o) => [lower(o.name), o]));
  for (const name of Object.keys(given))
    if (!byName.has(lower(name.trim())))
      throw badRequest(VARIANT_MESSAGES.unknownOption(name), {
        [`options.${name}`]: VARIANT_MESSAGES.unknownOption(name),
      });
  const picked = new Map(Object.entries(given).map(([name, value]) => [lower(name.trim()), value]));
  return [1, 2, 3].map((position) => {
    const option = options.find((o) => o.position === position);
    if (!option) return null;
    const field = `options.${option.name}`;
    const value = picked.get(lower(option.name));
    if (value === undefined || value.trim() === '')
      throw badRequest(VARIANT_MESSAGES.missingOption(option.name), {
        [field]: VARIANT_MESSAGES.missingOption(option.name),
      });
    const found = option.values.find((v) => lower(v.value) === lower(value.trim()));
    if (!found)
      throw badRequest(VARIANT_MESSAGES.unknownValue(option.name, value), {
        [field]: VARIANT_MESSAGES.unknownValue(option.name, value),
      });
    return found.id;
  });
}

const nextPosition = async (tx: Tx, productId: number) =>
  (
    await tx.execute<{ next: number }>(
      sql`select coalesce(max(position) + 1, 0)::int as next from product_variants where product_id = ${productId}`,
    )
  ).rows[0].next;

/** A write that may meet a unique index: its violation becomes its 409. */
const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (err) {
    return conflicts(err);
  }
};

/**
 * A product's options and variants (docs/decisions/0029-product-variants.md). Every write locks
 * the product row first, so two edits of one product's options or variants run one after the
 * other; the triggers of migration 0056 keep the product's SKU and price in step.
 */
export function createVariantsService(db: Db) {
  return {
    async listVariants(productId: number) {
      const set = (await readVariantSets(db, [productId])).get(productId);
      if (!set) throw notFound(PRODUCT_MESSAGES.productNotFound);
      return set.variants;
    },

    /**
     * Adds an option after the others with its values. Every existing variant takes its first value
     * (as the default variant does when a product gets its first option), so the combinations stay
     * as unique as they were.
     */
    async createOption(productId: number, input: CreateOption): Promise<ProductOption> {
      return guarded(() =>
        db.transaction(async (tx) => {
          await lockProduct(tx, productId);
          const options = await optionsOf(tx, productId);
          if (options.length >= VARIANT_LIMITS.options)
            throw badRequest(VARIANT_MESSAGES.tooManyOptions, { name: VARIANT_MESSAGES.tooManyOptions });
          const position = options.length + 1;
          const { rows } = await tx.execute<{ id: number }>(
            sql`insert into product_options (product_id, name, position) values (${productId}, ${input.name}, ${position}) returning id`,
          );
          const [first] = await insertValues(tx, rows[0].id, input.values);
          await tx.execute(
            sql`update product_variants set ${column(position)} = ${first}, updated_at = now() where product_id = ${productId}`,
          );
          return readOption(tx, rows[0].id);
        }),
      );
    },

    /**
     * Renames an option and/or sets its whole ordered value list: a value kept (by its text, in
     * any case) keeps its id and so its variants; a value left out goes, unless a variant uses it.
     */
    async updateOption(productId: number, optionId: number, input: UpdateOption): Promise<ProductOption> {
      return guarded(() =>
        db.transaction(async (tx) => {
          await lockProduct(tx, productId);
          const option = (await optionsOf(tx, productId)).find((o) => o.id === optionId);
          if (!option) throw notFound(VARIANT_MESSAGES.optionNotFound);
          if (input.name !== undefined && input.name !== option.name)
            await tx.execute(sql`update product_options set name = ${input.name} where id = ${optionId}`);
          if (input.values) {
            const kept = new Map(input.values.map((v, i) => [lower(v), { text: v, position: i }]));
            const gone = option.values.filter((v) => !kept.has(lower(v.value)));
            if (gone.length > 0) {
              const { rows: used } = await tx.execute<{ id: number }>(sql`
                select distinct ${column(option.position)} as id from product_variants
                where product_id = ${productId}
                  and ${column(option.position)} = any(${`{${gone.map((v) => v.id).join(',')}}`}::int[])`);
              const inUse = gone.find((v) => used.some((u) => u.id === v.id));
              if (inUse)
                throw conflict(VARIANT_MESSAGES.valueInUse(inUse.value), {
                  values: VARIANT_MESSAGES.valueInUse(inUse.value),
                });
              await tx.execute(
                sql`delete from product_option_values where id = any(${`{${gone.map((v) => v.id).join(',')}}`}::int[])`,
              );
            }
            for (const v of option.values) {
              const next = kept.get(lower(v.value));
              if (next && (next.text !== v.value || next.position !== v.position))
                await tx.execute(
                  sql`update product_option_values set value = ${next.text}, position = ${next.position} where id = ${v.id}`,
                );
            }
            const existing = new Set(option.values.map((v) => lower(v.value)));
            for (const [i, text] of input.values.entries())
              if (!existing.has(lower(text))) await insertValues(tx, optionId, [text], i);
          }
          return readOption(tx, optionId);
        }),
      );
    },

    /**
     * Removes an option and its values from the variants; the later options move up a position.
     * Refused where two variants would then have the same options, and the last option goes only
     * from a product with one variant left, which becomes its default variant.
     */
    async deleteOption(productId: number, optionId: number) {
      await db.transaction(async (tx) => {
        const product = await lockProduct(tx, productId);
        const options = await optionsOf(tx, productId);
        const option = options.find((o) => o.id === optionId);
        if (!option) throw notFound(VARIANT_MESSAGES.optionNotFound);
        const variants = await variantsOf(tx, productId);
        if (options.length === 1 && variants.length > 1) throw conflict(VARIANT_MESSAGES.lastOptionInUse);
        const rest = [1, 2, 3].filter((p) => p !== option.position) as (1 | 2 | 3)[];
        const combos = new Set(variants.map((v) => rest.map((p) => v[`option${p}_value_id`]).join(',')));
        if (combos.size < variants.length) throw conflict(VARIANT_MESSAGES.optionsSplit);
        // Every variant has a value in every column up to the last option's, so after the shift
        // the last column is empty in all of them: no row can meet another's combination midway.
        const last = options.length;
        const moves = [];
        for (let p = option.position; p < last; p++) moves.push(sql`${column(p)} = ${column(p + 1)}`);
        moves.push(sql`${column(last)} = null`);
        await tx.execute(
          sql`update product_variants set ${sql.join(moves, sql`, `)}, updated_at = now() where product_id = ${productId}`,
        );
        await tx.execute(sql`delete from product_options where id = ${optionId}`);
        // One at a time, upwards: the (product, position) index is checked row by row.
        for (const o of options.filter((o) => o.position > option.position))
          await tx.execute(sql`update product_options set position = ${o.position - 1} where id = ${o.id}`);
        if (last === 1) {
          // Without options the product's SKU and price are its default variant's.
          const [only] = variants;
          await guarded(() =>
            tx.execute(sql`update products set sku = ${only.sku ?? product.sku}, mrp = ${only.mrp}, updated_at = now()
              where id = ${productId}`),
          );
        }
      });
    },

    /**
     * A new variant: needs product.price too unless its price is the product's (the lowest), since
     * any other price changes the product's price range.
     */
    async createVariant(productId: number, input: CreateVariant, rights: Rights): Promise<Variant> {
      return guarded(() =>
        db.transaction(async (tx) => {
          const product = await lockProduct(tx, productId);
          requireProductRights(rights, { other: true, price: toCents(input.mrp) !== toCents(product.mrp) });
          const options = await optionsOf(tx, productId);
          const [o1, o2, o3] = resolveCombination(options, input.options);
          const position = await nextPosition(tx, productId);
          const { rows } = await tx.execute<{ id: number }>(sql`
            insert into product_variants (product_id, sku, mrp, position, option1_value_id, option2_value_id, option3_value_id)
            values (${productId}, ${input.sku}, ${centsToDecimal(toCents(input.mrp))}, ${position}, ${o1}, ${o2}, ${o3})
            returning id`);
          return readVariant(tx, productId, rows[0].id);
        }),
      );
    },

    /**
     * Adds every combination of the options' values that has no variant yet, in the options'
     * order, each at the product's price with the SKU `{product SKU}-{values joined by -}` (the
     * product's slug where it has no SKU). The product's price stays what it is.
     */
    async generate(productId: number): Promise<{ created: number }> {
      return guarded(() =>
        db.transaction(async (tx) => {
          const product = await lockProduct(tx, productId);
          const options = await optionsOf(tx, productId);
          if (options.length === 0) return { created: 0 };
          let combos: ValueRow[][] = [[]];
          for (const o of options) combos = combos.flatMap((c) => o.values.map((v) => [...c, v]));
          const variants = await variantsOf(tx, productId);
          const taken = new Set(
            variants.map((v) => [v.option1_value_id, v.option2_value_id, v.option3_value_id].join(',')),
          );
          const key = (c: ValueRow[]) => [0, 1, 2].map((i) => c[i]?.id ?? null).join(',');
          const missing = combos.filter((c) => !taken.has(key(c)));
          if (missing.length > VARIANT_LIMITS.generate) throw badRequest(VARIANT_MESSAGES.tooManyToGenerate);
          if (missing.length === 0) return { created: 0 };
          const base = product.sku ?? product.slug;
          const from = await nextPosition(tx, productId);
          const rows = missing.map((c, i) => ({
            sku: [base, ...c.map((v) => v.value)].join('-'),
            position: from + i,
            ids: [0, 1, 2].map((j) => c[j]?.id ?? null),
          }));
          await tx.execute(sql`
            insert into product_variants (product_id, sku, mrp, position, option1_value_id, option2_value_id, option3_value_id)
            select ${productId}, r.sku, ${product.mrp}::numeric, r.position, r.o1, r.o2, r.o3
            from jsonb_to_recordset(${JSON.stringify(
              rows.map((r) => ({
                sku: r.sku,
                position: r.position,
                o1: r.ids[0],
                o2: r.ids[1],
                o3: r.ids[2],
              })),
            )}::jsonb) as r(sku text, position int, o1 int, o2 int, o3 int)`);
          return { created: missing.length };
        }),
      );
    },

    /** Changing the price needs product.price, the status product.publish; the rest product.edit. */
    async updateVariant(id: number, input: UpdateVariant, rights: Rights): Promise<Variant> {
      return guarded(() =>
        db.transaction(async (tx) => {
          const { rows } = await tx.execute<{ product_id: number }>(
            sql`select product_id from product_variants where id = ${id}`,
          );
          if (!rows[0]) throw notFound(VARIANT_MESSAGES.variantNotFound);
          const productId = rows[0].product_id;
          await lockProduct(tx, productId);
          const current = (await variantsOf(tx, productId)).find((v) => v.id === id);
          if (!current) throw notFound(VARIANT_MESSAGES.variantNotFound);
          requireProductRights(rights, {
            other: true,
            price: input.mrp !== undefined && toCents(input.mrp) !== toCents(current.mrp),
            status: input.status !== undefined && input.status !== current.status,
          });
          if (input.image_id) {
            const { rows: image } = await tx.execute(
              sql`select 1 from product_images where id = ${input.image_id} and product_id = ${productId}`,
            );
            if (image.length === 0)
              throw badRequest(VARIANT_MESSAGES.imageNotInGallery, {
                image_id: VARIANT_MESSAGES.imageNotInGallery,
              });
          }
          const sets = [
            input.sku !== undefined ? sql`sku = ${input.sku}` : null,
            input.mrp !== undefined ? sql`mrp = ${centsToDecimal(toCents(input.mrp))}` : null,
            input.status !== undefined ? sql`status = ${input.status}` : null,
            input.image_id !== undefined ? sql`image_id = ${input.image_id}` : null,
            input.position !== undefined ? sql`position = ${input.position}` : null,
          ].filter((s) => s !== null);
          if (sets.length > 0)
            await tx.execute(
              sql`update product_variants set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`,
            );
          return readVariant(tx, productId, id);
        }),
      );
    },

    /** A product keeps at least one variant; lines that named this one keep their copy of it. */
    async deleteVariant(id: number) {
      await db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ product_id: number }>(
          sql`select product_id from product_variants where id = ${id}`,
        );
        if (!rows[0]) throw notFound(VARIANT_MESSAGES.variantNotFound);
        await lockProduct(tx, rows[0].product_id);
        const { rows: count } = await tx.execute<{ n: number }>(
          sql`select count(*)::int as n from product_variants where product_id = ${rows[0].product_id}`,
        );
        if (count[0].n <= 1) throw conflict(VARIANT_MESSAGES.lastVariant);
        await tx.execute(sql`delete from product_variants where id = ${id}`);
      });
    },
  };
}

export type VariantsService = ReturnType<typeof createVariantsService>;
