import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLive, type PricingDiscount } from '#domain/pricing';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/harness';
import { discountLiveAt } from './pricing.sql';

/**
 * The SQL that asks which discounts are live (discountLiveAt) must agree with the one rule in
 * JavaScript (isLive), above all at a window's edges, where an `<` for a `<=` would go unseen by
 * any example chosen by hand. Each run sends all its cases in one statement.
 */
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase({ migrated: true });
});
afterAll(() => database.close());

type Window = { active: boolean; starts_at: Date | null; ends_at: Date | null };

const instant = fc.date({
  min: new Date('2000-01-01T00:00:00.000Z'),
  max: new Date('2100-01-01T00:00:00.000Z'),
  noInvalidDate: true,
});

const windowArbitrary: fc.Arbitrary<Window> = fc
  .record({
    active: fc.boolean(),
    starts_at: fc.option(instant, { nil: null }),
    ends_at: fc.option(instant, { nil: null }),
    // Often a window of one instant or a few milliseconds, so that its two edges meet.
    length: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
  })
  .map(({ length, ...w }) =>
    length !== null && w.starts_at ? { ...w, ends_at: new Date(w.starts_at.getTime() + length) } : w,
  );

/** A millisecond before, at and after each set edge of the window. */
const aroundEdges = (w: Window) =>
  [w.starts_at, w.ends_at]
    .filter((edge): edge is Date => edge !== null)
    .flatMap((edge) => [-1, 0, 1].map((ms) => new Date(edge.getTime() + ms)));

const asDiscount = (w: Window): PricingDiscount => ({
  ...w,
  id: 1,
  type: 'percent',
  value: 10,
  applies_to: 'product',
  product_id: 1,
  category_id: null,
  brand_id: null,
});

/** A PostgreSQL array literal (the cases travel as four array parameters, not one per value). */
const arrayLiteral = (values: (string | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${v}"`)).join(',')}}`;
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** discountLiveAt for each case, in order: `at` is an SQL expression of the row, or one instant. */
async function liveInSql(cases: { w: Window; at: Date }[], at: (row: SQL) => SQL | Date): Promise<boolean[]> {
  const { rows } = await database.db.execute<{ live: boolean }>(sql`
    select ${discountLiveAt('w', at(sql`w.at`))} as live
    from unnest(
      ${arrayLiteral(cases.map((c) => String(c.w.active)))}::boolean[],
      ${arrayLiteral(cases.map((c) => iso(c.w.starts_at)))}::timestamptz[],
      ${arrayLiteral(cases.map((c) => iso(c.w.ends_at)))}::timestamptz[],
      ${arrayLiteral(cases.map((c) => iso(c.at)))}::timestamptz[]
    ) with ordinality as w(active, starts_at, ends_at, at, n)
    order by w.n`);
  return rows.map((r) => r.live);
}

describe('discountLiveAt holds to isLive', () => {
  it('for any window, at each edge, a millisecond either side of it, and anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(windowArbitrary, instant), { minLength: 1, maxLength: 40 }),
        async (drawn) => {
          const cases = drawn.flatMap(([w, anywhere]) =>
            [...aroundEdges(w), anywhere].map((at) => ({ w, at })),
          );
          const expected = cases.map((c) => isLive(asDiscount(c.w), c.at));
          expect(await liveInSql(cases, (row) => row)).toEqual(expected);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('with the instant sent as a parameter, as the products list sends it', async () => {
    // Windows whose edges fall on, just before or just after one moment.
    const near = (now: Date) =>
      fc.option(
        fc.integer({ min: -2, max: 2 }).map((ms) => new Date(now.getTime() + ms)),
        { nil: null },
      );
    const drawn = instant.chain((now) =>
      fc.tuple(
        fc.constant(now),
        fc.array(fc.record({ active: fc.boolean(), starts_at: near(now), ends_at: near(now) }), {
          minLength: 1,
          maxLength: 40,
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(drawn, async ([now, windows]) => {
        const cases = windows.map((w) => ({ w, at: now }));
        const expected = windows.map((w) => isLive(asDiscount(w), now));
        expect(await liveInSql(cases, () => now)).toEqual(expected);
      }),
      { numRuns: 12 },
    );
  });
});
