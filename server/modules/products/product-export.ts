import { and, type SQL, sql } from 'drizzle-orm';
import { PRODUCT_CSV_COLUMNS, type ProductFilter, type ProductSortKey } from '#domain/product-list';
import { localeColumn, PRODUCT_TRANSLATION_FIELDS } from '#domain/translations';
import type { Db } from '../../db/client';
import { type KeysetOrder, keysetBatches } from '../../db/query/stream';
import { brands, categories, products } from '../../db/schema';
import type { Locales } from '../translations';
import { PRODUCT_SORT_COLUMNS, productFilterWhere, readsPrices, refreshPrices } from './product-filter';

/** How the image_urls cell joins a product's gallery: a URL never holds a bare space. */
export const IMAGE_URL_SEPARATOR = ' ';

/** The type each sort key's value has, so the next batch's start can be read back from text. */
const KEY_TYPES: Record<ProductSortKey, KeysetOrder['type']> = {
  name: 'text',
  price: 'numeric',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

type ExportRow = {
  id: number;
  sort_key: string;
  sku: string | null;
  name: string;
  slug: string;
  status: string;
  brand: string | null;
  category_path: string | null;
  mrp: string;
  final_price: string;
  description: string | null;
  image_urls: string | null;
  variant_sku: string | null;
  option1_name: string | null;
  option1_value: string | null;
  option2_name: string | null;
  option2_value: string | null;
  option3_name: string | null;
  option3_value: string | null;
  variant_mrp: string;
  variant_status: string;
  /** Each translated locale's fields, by their columns' names (name@de). */
  [translated: `${string}@${string}`]: string | null;
};

/** The translated fields' columns, after the others: each field, for each locale but the default. */
const translationColumns = (locales: readonly string[]) =>
  locales.flatMap((l) => PRODUCT_TRANSLATION_FIELDS.map((f) => localeColumn(f, l)));

/**
 * The products of a list's filter and sort as CSV records (PRODUCT_CSV_COLUMNS), one per variant,
 * a keyset batch of products at a time: memory holds one batch whatever the catalogue's size. The final price is the stored
 * one (migration 0022), brought up to the moment the export starts before the first batch.
 */
async function* exportBatches(
  db: Db,
  translated: readonly string[],
  params: { filter: ProductFilter; sortBy: ProductSortKey; order: 'asc' | 'desc' },
) {
  const now = new Date();
  // The filter refreshes the prices itself when it reads them; the price column always does.
  if (!readsPrices(params.filter, params.sortBy)) await refreshPrices(db, now);
  const where = await productFilterWhere(db, params.filter, now, params.sortBy);
  const order: KeysetOrder = {
    key: PRODUCT_SORT_COLUMNS[params.sortBy],
    type: KEY_TYPES[params.sortBy],
    id: products.id,
    order: params.order,
  };
  const extra = translationColumns(translated);
  const t = (i: number) => sql.identifier(`t${i}`);
  const joins = translated.map(
    (l, i) =>
      sql` left join product_translations ${t(i)} on ${t(i)}.product_id = ${products.id} and ${t(i)}.locale = ${l}`,
  );
  const picks = translated.flatMap((l, i) =>
    PRODUCT_TRANSLATION_FIELDS.map(
      (f) => sql`, ${t(i)}.${sql.identifier(f)} as ${sql.identifier(localeColumn(f, l))}`,
    ),
  );
  const batches = keysetBatches<ExportRow>(order, async (batch) => {
    const filters: SQL | undefined = and(where, batch.after);
    // A page of products in the list's order, then their variants joined in one statement: the
    // page's limit counts products, so a product's variants never straddle two batches.
    const { rows } = await db.execute<ExportRow>(sql`select page.*, v.sku as variant_sku,
        o1.name as option1_name, v1.value as option1_value, o2.name as option2_name,
        v2.value as option2_value, o3.name as option3_name, v3.value as option3_value,
        v.mrp::text as variant_mrp, v.status as variant_status
      from (select ${products.id} as id,
        ${batch.sortKey} as sort_key, ${products.sku} as sku, ${products.name} as name,
        ${products.slug} as slug, ${products.status} as status, ${brands.name} as brand,
        ${categories.path} as category_path, ${products.mrp}::text as mrp,
        ${products.price_final}::text as final_price, ${products.description} as description,
        (select string_agg(pi.url, ${IMAGE_URL_SEPARATOR} order by pi.position, pi.id)
          from product_images pi where pi.product_id = "products"."id") as image_urls,
        row_number() over (order by ${batch.orderBy}) as n ${sql.join(picks, sql``)}
      from ${products}
      left join ${brands} on ${brands.id} = ${products.brand_id}
      left join ${categories} on ${categories.id} = ${products.category_id}${sql.join(joins, sql``)}
      ${filters ? sql`where ${filters}` : sql``}
      order by ${batch.orderBy} limit ${batch.limit}) page
      join product_variants v on v.product_id = page.id
      left join product_option_values v1 on v1.id = v.option1_value_id
      left join product_options o1 on o1.id = v1.option_id
      left join product_option_values v2 on v2.id = v.option2_value_id
      left join product_options o2 on o2.id = v2.option_id
      left join product_option_values v3 on v3.id = v.option3_value_id
      left join product_options o3 on o3.id = v3.option_id
      order by page.n, v.position, v.id`);
    return rows;
  });
  for await (const rows of batches)
    yield rows.map((r) => [
      r.id,
      r.sku,
      r.name,
      r.slug,
      r.status,
      r.brand,
      r.category_path,
      r.mrp,
      r.final_price,
      r.description,
      r.image_urls,
      r.sku,
      r.variant_sku,
      r.option1_name,
      r.option1_value,
      r.option2_name,
      r.option2_value,
      r.option3_name,
      r.option3_value,
      r.variant_mrp,
      r.variant_status,
      ...extra.map((c) => r[c as `${string}@${string}`]),
    ]);
}

export function createProductExportService(db: Db, locales: Pick<Locales, 'translated'>) {
  return {
    /** The file's columns: PRODUCT_CSV_COLUMNS, then name@de, description@de… per translated locale. */
    columns: [...PRODUCT_CSV_COLUMNS, ...translationColumns(locales.translated)],
    batches: (params: Parameters<typeof exportBatches>[2]) => exportBatches(db, locales.translated, params),
  };
}

export type ProductExportService = ReturnType<typeof createProductExportService>;
