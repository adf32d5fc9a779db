import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Gives a product options and variants straight in the database, as the variants API would leave
 * them: for tests of what reads variants (the shop, baskets, lines, exports) without going through
 * that API. The product's existing default variant becomes the first one listed (its SKU and
 * price are overwritten), the others are added. Returns each variant's id by SKU and each value's
 * id by "Option=Value".
 */
export async function giveVariants(
  db: Db,
  productId: number,
  spec: {
    options: Record<string, string[]>;
    variants: {
      sku: string;
      options: Record<string, string>;
      mrp: number;
      status?: 'active' | 'discontinued';
    }[];
  },
) {
  return db.transaction(async (tx) => {
    const valueIds = new Map<string, number>();
    const names = Object.keys(spec.options);
    for (const [i, name] of names.entries()) {
      const [option] = (
        await tx.execute<{ id: number }>(
          sql`insert into product_options (product_id, name, position) values (${productId}, ${name}, ${i + 1}) returning id`,
        )
      ).rows;
      for (const [j, value] of spec.options[name].entries()) {
        const [row] = (
          await tx.execute<{ id: number }>(
            sql`insert into product_option_values (option_id, value, position) values (${option.id}, ${value}, ${j}) returning id`,
          )
        ).rows;
        valueIds.set(`${name}=${value}`, row.id);
      }
    }
    const columns = (options: Record<string, string>) =>
      [0, 1, 2].map((i) => {
        const name = names[i];
        if (name === undefined) return null;
        const id = valueIds.get(`${name}=${options[name]}`);
        if (id === undefined) throw new Error(`giveVariants: no value ${name}=${options[name]}`);
        return id;
      });
    const variantIds = new Map<string, number>();
    for (const [i, v] of spec.variants.entries()) {
      const [o1, o2, o3] = columns(v.options);
      const status = v.status ?? 'active';
      const rows =
        i === 0
          ? (
              await tx.execute<{ id: number }>(
                sql`update product_variants set sku = ${v.sku}, mrp = ${v.mrp}, status = ${status},
                  option1_value_id = ${o1}, option2_value_id = ${o2}, option3_value_id = ${o3}
                  where id = (select id from product_variants where product_id = ${productId} order by position, id limit 1)
                  returning id`,
              )
            ).rows
          : (
              await tx.execute<{ id: number }>(
                sql`insert into product_variants (product_id, sku, mrp, status, position, option1_value_id, option2_value_id, option3_value_id)
                  values (${productId}, ${v.sku}, ${v.mrp}, ${status}, ${i}, ${o1}, ${o2}, ${o3}) returning id`,
              )
            ).rows;
      variantIds.set(v.sku, rows[0].id);
    }
    return { variantIds, valueIds };
  });
}
