import { sql } from 'drizzle-orm';
import { VARIANT_GLOVES } from '../../e2e/variant-gloves';
import type { Db } from '../db/client';
import { giveVariants } from '../test/variants';

/**
 * The product with sizes the variant-lines browser test asks for, written straight in the
 * database as the test factory writes options and variants.
 */
export async function seedVariantProduct(db: Db) {
  const { slug, name, sku, sizes } = VARIANT_GLOVES;
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into products (name, slug, sku, mrp, status)
    values (${name}, ${slug}, ${sku}, ${sizes.S}, 'published')
    returning id`);
  await giveVariants(db, rows[0].id, {
    options: { Size: Object.keys(sizes) },
    variants: Object.entries(sizes).map(([size, mrp]) => ({
      sku: `${sku}-${size}`,
      options: { Size: size },
      mrp,
    })),
  });
}
