import { type SQL, sql } from 'drizzle-orm';
import type { LineOptions, ProductOption, VariantStatus } from '#domain/variants';

/**
 * A product's options and variants as JSON columns of a statement that reads the product: the one
 * read of them for the editor, the bundle, the webhooks, the shop's product page and the desk's
 * lines. Arrays, not objects, as the pricing column does.
 */
export type VariantRow = [
  id: number,
  sku: string | null,
  mrp: string,
  status: VariantStatus,
  image: string | null,
  position: number,
  /** Each value's text by its option's position (1–3 at index 0–2). */
  values: (string | null)[],
  specs: { label: string; value: string; unit: string }[] | null,
];

/** What a statement with both columns hands back per product. */
export type VariantJson = { options: ProductOption[]; variants: VariantRow[] };

/** The product's options with their values, in order: an option's index is its variant column. */
export const optionsJson = (productRow: string): SQL<ProductOption[]> => {
  const p = sql.identifier(productRow);
  return sql<ProductOption[]>`coalesce((
    select json_agg(json_build_object('id', o.id, 'name', o.name, 'values', coalesce((
        select json_agg(json_build_object('id', ov.id, 'value', ov.value) order by ov.position, ov.id)
        from product_option_values ov where ov.option_id = o.id), '[]'::json)) order by o.position)
    from product_options o where o.product_id = ${p}.id), '[]'::json)`;
};

/** The product's variants in the editor's order; an image only while it is still the product's. */
export const variantsJson = (productRow: string): SQL<VariantRow[]> => {
  const p = sql.identifier(productRow);
  return sql<VariantRow[]>`coalesce((
    select json_agg(json_build_array(v.id, v.sku, v.mrp::text, v.status, vi.url, v.position,
        json_build_array(v1.value, v2.value, v3.value), v.spec_values) order by v.position, v.id)
    from product_variants v
    left join product_images vi on vi.id = v.image_id and vi.product_id = v.product_id
    left join product_option_values v1 on v1.id = v.option1_value_id
    left join product_option_values v2 on v2.id = v.option2_value_id
    left join product_option_values v3 on v3.id = v.option3_value_id
    where v.product_id = ${p}.id), '[]'::json)`;
};

/** A variant's options as a line keeps them: each option's name with the variant's value. */
export const optionsOf = (options: Pick<ProductOption, 'name'>[], values: (string | null)[]): LineOptions =>
  options.flatMap((o, i) => (values[i] == null ? [] : [{ name: o.name, value: values[i] as string }]));
