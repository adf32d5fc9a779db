import { asc, eq, sql } from 'drizzle-orm';
import { TEXT_LIMITS } from '#domain/constants';
import { PRODUCT_MESSAGES } from '#domain/products';
import type { Tx } from '../../db/client';
import {
  discounts,
  layoutBlocks,
  productImages,
  productListItems,
  productLists,
  productSpecGroups,
  productSpecs,
  products,
  productTables,
} from '../../db/schema';
import { resolveSlug, withSlugConflict } from '../../db/slugs';
import { notFound } from '../../errors/app-error';
import type { ImagesService } from '../../images/images.service';
import { copyTranslations } from './product-duplicate-translations';

const COPY_SUFFIX = ' (copy)';

/** "<name> (copy)", the name cut so the whole still fits the product form's limit. */
function copyName(name: string): string {
  let base = name.slice(0, TEXT_LIMITS.name - COPY_SUFFIX.length);
  // Never half of a character written as two UTF-16 units.
  if (/[\uD800-\uDBFF]$/.test(base)) base = base.slice(0, -1);
  return `${base.trimEnd()}${COPY_SUFFIX}`;
}

type SectionType = 'list' | 'spec_group' | 'table';

/**
 * A product copied as a new draft: its fields, its editor discount, its sections and layout in
 * their order, and its gallery, whose images are shared by reference (new rows, the same stored
 * files, each file's reference count raised, so deleting either product keeps the other's
 * pictures). A new slug from the new name, no SKU (SKUs are unique), status draft; its options
 * and variants (copyVariants).
 */
/**
 * Copies a product's options, values and variants; each variant keeps its price, status, place
 * and image (the copy's of the same picture), and, like the copy itself, no SKU: SKUs are unique.
 */
async function copyVariants(tx: Tx, from: number, to: number, imageIds: Map<number, number>) {
  const values = new Map<number, number>();
  const optionIds = new Map<number, number>();
  const options = await tx.execute<{ id: number; name: string; position: number }>(
    sql`select id, name, position from product_options where product_id = ${from} order by position`,
  );
  for (const option of options.rows) {
    const { rows } = await tx.execute<{ id: number }>(
      sql`insert into product_options (product_id, name, position) values (${to}, ${option.name}, ${option.position}) returning id`,
    );
    optionIds.set(option.id, rows[0].id);
    const copied = await tx.execute<{ id: number; value: string; position: number }>(
      sql`select id, value, position from product_option_values where option_id = ${option.id} order by position, id`,
    );
    for (const v of copied.rows) {
      const [row] = (
        await tx.execute<{ id: number }>(
          sql`insert into product_option_values (option_id, value, position) values (${rows[0].id}, ${v.value}, ${v.position}) returning id`,
        )
      ).rows;
      values.set(v.id, row.id);
    }
  }
  const variants = await tx.execute<{
    mrp: string;
    status: string;
    position: number;
    image_id: number | null;
    spec_values: unknown;
    o1: number | null;
    o2: number | null;
    o3: number | null;
  }>(sql`select mrp::text as mrp, status, position, image_id, spec_values,
    option1_value_id as o1, option2_value_id as o2, option3_value_id as o3
    from product_variants where product_id = ${from} order by position, id`);
  const copiedValue = (id: number | null) => (id === null ? null : (values.get(id) ?? null));
  for (const v of variants.rows)
    await tx.execute(sql`insert into product_variants
        (product_id, sku, mrp, status, position, image_id, spec_values, option1_value_id, option2_value_id, option3_value_id)
      values (${to}, null, ${v.mrp}::numeric, ${v.status}, ${v.position},
        ${v.image_id === null ? null : (imageIds.get(v.image_id) ?? null)},
        ${v.spec_values === null ? null : JSON.stringify(v.spec_values)}::jsonb,
        ${copiedValue(v.o1)}, ${copiedValue(v.o2)}, ${copiedValue(v.o3)})`);
  return { optionIds, values };
}

export function createProductDuplicateService(images: ImagesService) {
  /** Copies a product's sections; answers each copied section's new id by its type and old id. */
  async function copySections(tx: Tx, from: number, to: number) {
    const ids = new Map<string, number>();
    const lists = await tx
      .select()
      .from(productLists)
      .where(eq(productLists.product_id, from))
      .orderBy(asc(productLists.id));
    for (const list of lists) {
      const [copy] = await tx
        .insert(productLists)
        .values({ product_id: to, title: list.title, description: list.description })
        .returning({ id: productLists.id });
      ids.set(`list:${list.id}`, copy.id);
      await tx.execute(sql`insert into ${productListItems} (list_id, caption, position)
        select ${copy.id}, caption, position from ${productListItems}
        where list_id = ${list.id} order by position, id`);
    }
    const groups = await tx
      .select()
      .from(productSpecGroups)
      .where(eq(productSpecGroups.product_id, from))
      .orderBy(asc(productSpecGroups.id));
    for (const group of groups) {
      const [copy] = await tx
        .insert(productSpecGroups)
        .values({ product_id: to, name: group.name, intro: group.intro })
        .returning({ id: productSpecGroups.id });
      ids.set(`spec_group:${group.id}`, copy.id);
      await tx.execute(sql`insert into ${productSpecs} (group_id, label, value, unit, position)
        select ${copy.id}, label, value, unit, position from ${productSpecs}
        where group_id = ${group.id} order by position, id`);
    }
    const tables = await tx
      .select()
      .from(productTables)
      .where(eq(productTables.product_id, from))
      .orderBy(asc(productTables.id));
    for (const { id, product_id: _, ...table } of tables) {
      const [copy] = await tx
        .insert(productTables)
        .values({ ...table, product_id: to })
        .returning({ id: productTables.id });
      ids.set(`table:${id}`, copy.id);
    }
    return (type: SectionType, refId: number | null) =>
      refId === null ? null : (ids.get(`${type}:${refId}`) ?? null);
  }

  return {
    async duplicate(id: number): Promise<{ id: number; slug: string }> {
      return withSlugConflict(
        'products_slug_key',
        () =>
          images.transaction(async (tx, ops) => {
            // Shared, not exclusive: copies may run side by side, but a delete of the original (or
            // of one of its images) waits, so no file is let go between reading it and sharing it.
            const [source] = await tx.select().from(products).where(eq(products.id, id)).for('share');
            if (!source) throw notFound(PRODUCT_MESSAGES.productNotFound);
            const name = copyName(source.name);
            const slug = await resolveSlug(tx, 'products', { slug: null, name, fallback: 'product' });
            const { rows: options } = await tx.execute(
              sql`select 1 from product_options where product_id = ${id} limit 1`,
            );
            // With options the copy brings its variants (copyVariants), not a default of its own.
            if (options.length > 0)
              await tx.execute(sql`select set_config('stockroom.own_variants', 'on', true)`);
            const [copy] = await tx
              .insert(products)
              .values({
                name,
                slug,
                sku: null,
                description: source.description,
                brand_id: source.brand_id,
                category_id: source.category_id,
                mrp: source.mrp,
                status: 'draft',
              })
              .returning({ id: products.id, slug: products.slug });
            if (options.length > 0)
              await tx.execute(sql`select set_config('stockroom.own_variants', '', true)`);

            // The editor's own discount is part of the product's price card; discounts made on the
            // Discounts screen aim at the original by choice and stay with it.
            await tx.execute(sql`insert into ${discounts}
                (name, type, value, applies_to, product_id, starts_at, ends_at, active, editor_owned)
              select ${`${name} (product price)`}, type, value, applies_to, ${copy.id}, starts_at, ends_at,
                active, true
              from ${discounts} where product_id = ${id} and editor_owned`);

            const newRef = await copySections(tx, id, copy.id);
            const blocks = await tx
              .select()
              .from(layoutBlocks)
              .where(eq(layoutBlocks.product_id, id))
              .orderBy(asc(layoutBlocks.position));
            if (blocks.length)
              await tx.insert(layoutBlocks).values(
                blocks.map((b) => ({
                  product_id: copy.id,
                  block_type: b.block_type,
                  ref_id:
                    b.block_type === 'basic' || b.block_type === 'images'
                      ? b.ref_id
                      : newRef(b.block_type, b.ref_id),
                  position: b.position,
                })),
              );

            const gallery = await tx
              .select({
                id: productImages.id,
                url: productImages.url,
                alt: productImages.alt,
                position: productImages.position,
              })
              .from(productImages)
              .where(eq(productImages.product_id, id))
              .orderBy(asc(productImages.position), asc(productImages.id));
            const imageIds = new Map<number, number>();
            for (const { id: from, ...image } of gallery) {
              const [row] = await tx
                .insert(productImages)
                .values({ ...image, product_id: copy.id })
                .returning({ id: productImages.id });
              imageIds.set(from, row.id);
            }
            for (const image of gallery) await ops.share(image.url);
            const copied = options.length > 0 ? await copyVariants(tx, id, copy.id, imageIds) : undefined;
            await copyTranslations(
              tx,
              id,
              copy.id,
              newRef,
              copied?.optionIds ?? new Map(),
              copied?.values ?? new Map(),
            );
            return copy;
          }),
        { generated: true },
      );
    },
  };
}

export type ProductDuplicateService = ReturnType<typeof createProductDuplicateService>;
