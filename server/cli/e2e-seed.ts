import { sql } from 'drizzle-orm';
import { E2E } from '../../e2e/env';
import { giveVariants } from '../test/variants';
import { seedVariantProduct } from './e2e-seed-variants';
import { withConfiguredDatabase } from './with-database';

/**
 * Fixtures the browser tests cannot make through the API, written into the e2e server's fresh
 * database before it starts (scripts/e2e-server.mjs): a quote sent long ago whose date has
 * passed, at a token the specs know. Sending refuses a past date, and a browser test cannot wait
 * for a day to end. And a product with variants (E2E.variantGloves), written as the variants' test
 * factory writes them.
 */
const code = await withConfiguredDatabase(
  async (database, config) => {
    const { expiredQuote } = E2E;
    await database.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into inquiries (name, email, subject, message, company, status, created_at)
        values (${expiredQuote.customer}, 'late.buyer@e2e.test', ${expiredQuote.subject}, 'Please quote.',
          'Late Buyer Ltd', 'quoted', '2026-01-02T09:00:00Z')
        returning id`);
      const inquiryId = rows[0].id;
      const { rows: quote } = await tx.execute<{ id: number }>(sql`
        insert into quotes (inquiry_id, version, status, token, currency, valid_until, sent_at, created_at)
        values (${inquiryId}, 1, 'sent', ${expiredQuote.token}, ${config.currency}, ${expiredQuote.validUntil}::date,
          '2026-01-05T10:00:00Z', '2026-01-05T09:00:00Z')
        returning id`);
      await tx.execute(sql`
        insert into quote_lines (quote_id, position, name, sku, quantity, unit_price)
        values (${quote[0].id}, 0, 'Pallet rack upright', 'PR-UP-2440', 4, '129.00')`);
    });
    await seedVariantProduct(database.db);
    const gloves = E2E.variantGloves;
    const { rows: product } = await database.db.execute<{ id: number }>(sql`
      insert into products (name, slug, sku, mrp, status, description)
      values (${gloves.name}, ${gloves.slug}, ${gloves.sku}, ${gloves.sizes[0].mrp}, 'published',
        'Gloves with a firm grip, in three sizes.')
      returning id`);
    await giveVariants(database.db, product[0].id, {
      options: { Size: gloves.sizes.map((s) => s.size) },
      variants: gloves.sizes.map((s) => ({ sku: s.sku, options: { Size: s.size }, mrp: s.mrp })),
    });
    return 0;
  },
  { migrate: true },
);
process.exit(code);
