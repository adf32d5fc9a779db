import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal } from '#domain/money';
import { appliesTo, type PricingDiscount, priceProduct } from '#domain/pricing';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/harness';

/**
 * Migration 0022 prices products in SQL for the stored final price (one at a time,
 * stockroom_product_price, and many at once, stockroom_prices). Both must agree with the one rule,
 * domain/pricing.ts priceProduct, on random catalogues: percents and amounts, products, brands and
 * category chains, windows on either side of the instant and at its edges, inactive discounts,
 * MRPs of 0 and half-cent savings. And `until` must be the next instant a window edge changes
 * which discounts are live.
 */
let database: Database;
let client: pg.PoolClient;

beforeAll(async () => {
  database = await openTestDatabase({ migrated: true });
  client = await database.pool.connect();
  // A fixed tree: 1 ⊃ 2 ⊃ 3, and 4 apart; brands 1 and 2.
  await client.query(`insert into categories (id, name, slug, parent_id, path, depth) values
    (1, 'P1', 'p1', null, 'P1', 0), (2, 'P2', 'p2', 1, 'P1 / P2', 1), (3, 'P3', 'p3', 2, 'P1 / P2 / P3', 2),
    (4, 'P4', 'p4', null, 'P4', 0)`);
  await client.query(`insert into brands (id, name, slug) values (1, 'B1', 'b1'), (2, 'B2', 'b2')`);
});
afterAll(async () => {
  client.release();
  await database.close();
});

const AT = Date.parse('2030-06-01T12:00:00.000Z');
const CATEGORY_CHAINS: Record<number, number[]> = { 1: [1], 2: [1, 2], 3: [1, 2, 3], 4: [4] };

/** Around AT: before, at, a millisecond either side of it, after, or open. */
const instant = fc.option(
  fc.constantFrom(-86_400_000, -1, 0, 1, 86_400_000).map((offset) => AT + offset),
  { nil: null },
);
const cents = fc.oneof(fc.constantFrom(0, 1, 5, 999, 9999, 10_005), fc.integer({ min: 0, max: 1_000_000 }));

const discountArbitrary = fc
  .record({
    type: fc.constantFrom('percent', 'amount'),
    percentCents: fc.oneof(fc.constantFrom(0, 50, 1000, 5000, 10_000), fc.integer({ min: 0, max: 10_000 })),
    amountCents: cents,
    aim: fc.constantFrom('product', 'category', 'brand'),
    target: fc.integer({ min: 1, max: 4 }),
    starts: instant,
    ends: instant,
    active: fc.boolean(),
  })
  .map((d) => ({
    ...d,
    value: d.type === 'percent' ? d.percentCents : d.amountCents,
    // A window never ends before it starts (discounts_window_check).
    starts: d.starts !== null && d.ends !== null ? Math.min(d.starts, d.ends) : d.starts,
    ends: d.starts !== null && d.ends !== null ? Math.max(d.starts, d.ends) : d.ends,
  }));

const productArbitrary = fc.record({
  mrp: cents,
  brand: fc.option(fc.constantFrom(1, 2), { nil: null }),
  category: fc.option(fc.constantFrom(1, 2, 3, 4), { nil: null }),
});

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('the SQL pricing of migration 0022 holds to priceProduct', () => {
  it('for random catalogues at an instant, one by one and all at once, with the next edge', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(productArbitrary, { minLength: 1, maxLength: 4 }),
        fc.array(discountArbitrary, { maxLength: 8 }),
        async (products, discounts) => {
          await client.query('begin');
          try {
            const ids: number[] = [];
            for (const [i, p] of products.entries()) {
              const { rows } = await client.query(
                `insert into products (name, slug, mrp, brand_id, category_id) values ($1, $1, $2, $3, $4) returning id`,
                [`p${i}`, centsToDecimal(p.mrp), p.brand, p.category],
              );
              ids.push(rows[0].id);
            }
            const rules: PricingDiscount[] = [];
            for (const [i, d] of discounts.entries()) {
              // A product discount aims at one of the products made above.
              const target = d.aim === 'product' ? ids[(d.target - 1) % ids.length] : d.target;
              const { rows } = await client.query(
                `insert into discounts (name, type, value, applies_to, product_id, category_id, brand_id,
                   starts_at, ends_at, active) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
                [
                  `d${i}`,
                  d.type,
                  centsToDecimal(d.value),
                  d.aim,
                  d.aim === 'product' ? target : null,
                  d.aim === 'category' ? target : null,
                  d.aim === 'brand' ? ((target - 1) % 2) + 1 : null,
                  iso(d.starts),
                  iso(d.ends),
                  d.active,
                ],
              );
              rules.push({
                id: rows[0].id,
                type: d.type as PricingDiscount['type'],
                value: centsToDecimal(d.value),
                applies_to: d.aim as PricingDiscount['applies_to'],
                product_id: d.aim === 'product' ? target : null,
                category_id: d.aim === 'category' ? target : null,
                brand_id: d.aim === 'brand' ? ((target - 1) % 2) + 1 : null,
                starts_at: iso(d.starts),
                ends_at: iso(d.ends),
                active: d.active,
              });
            }
            const at = new Date(AT).toISOString();
            // Microseconds since the epoch: a Date would drop the microsecond after an end.
            const micros = (column: string) => `(extract(epoch from ${column}) * 1000000)::bigint::text`;
            const one = await client.query(
              `select p.id, f.final::text, f.discounted, ${micros('f.until')} as until
               from products p cross join lateral stockroom_product_price(p.id, p.mrp, p.brand_id, p.category_id, $1) f
               where p.id = any($2) order by p.id`,
              [at, ids],
            );
            const many = await client.query(
              `select f.id, f.final::text, f.discounted, ${micros('f.until')} as until
               from stockroom_prices($1, array(select id from products where id = any($2) order by id),
                 array(select mrp from products where id = any($2) order by id),
                 array(select brand_id from products where id = any($2) order by id),
                 array(select category_id from products where id = any($2) order by id)) f order by f.id`,
              [at, ids],
            );
            const expected = products.map((p, i) => {
              const product = {
                id: ids[i],
                mrp: centsToDecimal(p.mrp),
                brand_id: p.brand,
                category_ids: p.category ? CATEGORY_CHAINS[p.category] : [],
              };
              const price = priceProduct(product, rules, new Date(AT));
              // The next edge of an active discount aimed at the product, in microseconds.
              const edges = rules
                .filter((r) => r.active && appliesTo(r, product))
                .flatMap((r) => [
                  r.starts_at === null ? null : new Date(r.starts_at).getTime() * 1000,
                  r.ends_at === null ? null : new Date(r.ends_at).getTime() * 1000 + 1,
                ])
                .filter((e): e is number => e !== null && e > AT * 1000);
              return {
                id: ids[i],
                final: centsToDecimal(Math.round(price.final * 100)),
                discounted: price.best !== null,
                until: edges.length ? String(Math.min(...edges)) : null,
              };
            });
            expect(one.rows).toEqual(expected);
            expect(many.rows).toEqual(expected);
            // The insert trigger priced each product when it was made, before the discounts; the
            // discounts made them due, and a refresh at the instant brings them to the same prices.
            await client.query('select stockroom_refresh_prices($1)', [at]);
            const refreshed = await client.query(
              `select id, price_final::text as final, price_discounted as discounted from products
               where id = any($1) order by id`,
              [ids],
            );
            expect(refreshed.rows).toEqual(expected.map(({ until: _, ...rest }) => rest));
          } finally {
            await client.query('rollback');
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
