import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  customerPrice,
  type PriceTier,
  type PricingPriceList,
  priceSourceLabel,
  tierFor,
  tierProblem,
} from './customer-pricing';
import { fromCents, toCents } from './money';
import { type PricingDiscount, priceProduct } from './pricing';

const NOW = new Date('2027-03-15T12:00:00Z');
const product = { id: 1, brand_id: 7, category_ids: [30, 20, 10] };
const list = (over: Partial<PricingPriceList>): PricingPriceList => ({
  id: 1,
  name: 'Acme 2027',
  type: 'fixed',
  percent: null,
  starts_at: null,
  ends_at: null,
  active: true,
  prices: [],
  ...over,
});
const discount = (over: Partial<PricingDiscount>): PricingDiscount => ({
  id: 1,
  type: 'percent',
  value: '10',
  applies_to: 'product',
  product_id: 1,
  category_id: null,
  brand_id: null,
  starts_at: null,
  ends_at: null,
  active: true,
  ...over,
});

describe('quantity breaks', () => {
  const tiers: PriceTier[] = [
    { min_quantity: 10, mrp: '9.50' },
    { min_quantity: 50, mrp: '9.00' },
  ];
  it('takes the largest break not above the quantity', () => {
    expect(tierFor(tiers, 1)).toBeNull();
    expect(tierFor(tiers, 9)).toBeNull();
    expect(tierFor(tiers, 10)?.mrp).toBe('9.50');
    expect(tierFor(tiers, 49)?.mrp).toBe('9.50');
    expect(tierFor(tiers, 50)?.mrp).toBe('9.00');
    expect(customerPrice({ mrp: '10.00', tiers }, product, [], [], 12, NOW)).toEqual({
      unit_price: 9.5,
      list_price: 10,
      source: { type: 'tier', min_quantity: 10 },
    });
  });

  it('refuses a break below 2, out of order, repeated or past the limits', () => {
    expect(tierProblem(tiers)).toBeNull();
    expect(tierProblem([])).toBeNull();
    expect(tierProblem([{ min_quantity: 1, mrp: 1 }])?.path).toBe('tiers.0.min_quantity');
    expect(tierProblem([{ min_quantity: 2.5, mrp: 1 }])?.path).toBe('tiers.0.min_quantity');
    expect(
      tierProblem([
        { min_quantity: 10, mrp: 1 },
        { min_quantity: 10, mrp: 1 },
      ]),
    ).toEqual({ path: 'tiers.1.min_quantity', message: 'Each break starts above the one before it.' });
    expect(
      tierProblem([
        { min_quantity: 50, mrp: 1 },
        { min_quantity: 10, mrp: 1 },
      ])?.path,
    ).toBe('tiers.1.min_quantity');
    expect(tierProblem(Array.from({ length: 21 }, (_, i) => ({ min_quantity: i + 2, mrp: 1 })))?.path).toBe(
      'tiers',
    );
  });

  it('applies the best discount on top of the break price', () => {
    const price = customerPrice({ mrp: '10.00', tiers }, product, [discount({ id: 4 })], [], 50, NOW);
    expect(price).toEqual({ unit_price: 8.1, list_price: 10, source: { type: 'discount', id: 4 } });
  });
});

describe('price lists', () => {
  it('a percent list saves exactly: 19.99 less 15 % is 16.99', () => {
    const price = customerPrice(
      { mrp: '19.99', tiers: [] },
      product,
      [],
      [list({ type: 'percent', percent: '15', prices: [] })],
      1,
      NOW,
    );
    expect(price).toEqual({
      unit_price: 16.99,
      list_price: 19.99,
      source: { type: 'price_list', id: 1, name: 'Acme 2027' },
    });
  });

  it('a fixed list prices from its largest row not above the quantity, and only there', () => {
    const agreed = list({
      prices: [
        { min_quantity: 1, price: '8.75' },
        { min_quantity: 100, price: '8.00' },
      ],
    });
    expect(customerPrice({ mrp: 10, tiers: [] }, product, [], [agreed], 5, NOW).unit_price).toBe(8.75);
    expect(customerPrice({ mrp: 10, tiers: [] }, product, [], [agreed], 100, NOW).unit_price).toBe(8);
    const fromTen = list({ prices: [{ min_quantity: 10, price: '7.00' }] });
    expect(customerPrice({ mrp: 10, tiers: [] }, product, [], [fromTen], 9, NOW).source.type).toBe('list');
  });

  it('counts only while active and inside its dates', () => {
    const cheap = { prices: [{ min_quantity: 1, price: '1.00' }] };
    const priced = (over: Partial<PricingPriceList>) =>
      customerPrice({ mrp: 10, tiers: [] }, product, [], [list({ ...cheap, ...over })], 1, NOW).unit_price;
    expect(priced({})).toBe(1);
    expect(priced({ active: false })).toBe(10);
    expect(priced({ starts_at: '2027-04-01T00:00:00Z' })).toBe(10);
    expect(priced({ ends_at: '2027-03-01T00:00:00Z' })).toBe(10);
    expect(priced({ starts_at: '2027-03-01T00:00:00Z', ends_at: '2027-03-31T00:00:00Z' })).toBe(1);
  });

  it('a tie goes to the price list, and between lists to the lowest id', () => {
    const at9 = (id: number) => list({ id, name: `List ${id}`, prices: [{ min_quantity: 1, price: 9 }] });
    const price = customerPrice(
      { mrp: 10, tiers: [] },
      product,
      [discount({ type: 'amount', value: 1 })],
      [at9(8), at9(3)],
      1,
      NOW,
    );
    expect(price.source).toEqual({ type: 'price_list', id: 3, name: 'List 3' });
  });

  it('names its source', () => {
    expect(priceSourceLabel({ type: 'price_list', id: 2, name: 'Acme 2027' })).toBe('Agreement: Acme 2027');
    expect(priceSourceLabel({ type: 'tier', min_quantity: 10 })).toBe('10+ tier');
    expect(priceSourceLabel({ type: 'list' })).toBe('List price');
  });
});

/** p hundredths of a percent off an amount in cents, the saving rounded half-up. */
const percentOff = (cents: number, p: number) => {
  const base = BigInt(cents);
  return Number(base - (base * BigInt(p) * 2n + 10_000n) / 20_000n);
};

describe('the rule, as properties', () => {
  // Small amounts, so candidates often tie and the tie rule is tried.
  const amount = fc.integer({ min: 0, max: 2_000 }).map(fromCents);
  const quantity = fc.integer({ min: 1, max: 200 });
  const tiersArb = fc
    .uniqueArray(fc.integer({ min: 2, max: 150 }), { maxLength: 4 })
    .chain((mins) =>
      fc.tuple(
        ...[...mins].sort((a, b) => a - b).map((m) => amount.map((mrp) => ({ min_quantity: m, mrp }))),
      ),
    );
  const date = fc.option(
    fc.integer({ min: -40, max: 40 }).map((d) => new Date(NOW.getTime() + d * 86_400_000)),
  );
  const listArb = fc.record({
    id: fc.integer({ min: 1, max: 50 }),
    name: fc.constant('A list'),
    type: fc.constantFrom('fixed' as const, 'percent' as const),
    percent: fc.integer({ min: 0, max: 10_000 }).map(fromCents),
    starts_at: date,
    ends_at: date,
    active: fc.boolean(),
    prices: fc.array(fc.record({ min_quantity: fc.integer({ min: 1, max: 150 }), price: amount }), {
      maxLength: 3,
    }),
  });
  const discountArb = fc.record({
    id: fc.integer({ min: 1, max: 50 }),
    type: fc.constantFrom('percent' as const, 'amount' as const),
    value: fc.integer({ min: 0, max: 10_000 }).map(fromCents),
    active: fc.boolean(),
  });

  it('the answer is the lowest candidate, and a list whenever a list reaches it', () => {
    fc.assert(
      fc.property(
        amount,
        tiersArb,
        fc.array(discountArb, { maxLength: 3 }),
        fc.array(listArb, { maxLength: 4 }),
        quantity,
        (mrp, tiers, ds, lists, q) => {
          const discounts = ds.map((d) => discount(d));
          const got = customerPrice({ mrp, tiers }, product, discounts, lists, q, NOW);
          // Each candidate worked out here on its own, by the plainest reading of the rule.
          const applicable = tiers.filter((t) => t.min_quantity <= q);
          const base = applicable.length ? toCents(applicable[applicable.length - 1].mrp) : toCents(mrp);
          const catalogue = toCents(priceProduct({ ...product, mrp: fromCents(base) }, discounts, NOW).final);
          const live = lists.filter(
            (l) =>
              l.active &&
              (l.starts_at === null || l.starts_at <= NOW) &&
              (l.ends_at === null || NOW <= l.ends_at),
          );
          const agreed = live.flatMap((l) => {
            if (l.type === 'percent') return [percentOff(base, toCents(l.percent))];
            const rows = l.prices.filter((p) => p.min_quantity <= q);
            if (!rows.length) return [];
            return [toCents(rows.reduce((a, b) => (b.min_quantity > a.min_quantity ? b : a)).price)];
          });
          const lowest = Math.min(catalogue, ...agreed);
          expect(toCents(got.unit_price)).toBe(lowest);
          expect(got.list_price).toBe(fromCents(toCents(mrp)));
          expect(got.source.type === 'price_list').toBe(agreed.includes(lowest));
        },
      ),
    );
  });

  it('a list that is not live changes nothing', () => {
    fc.assert(
      fc.property(amount, tiersArb, listArb, quantity, (mrp, tiers, l, q) => {
        const off = { ...l, active: false };
        expect(customerPrice({ mrp, tiers }, product, [], [off], q, NOW)).toEqual(
          customerPrice({ mrp, tiers }, product, [], [], q, NOW),
        );
      }),
    );
  });

  it('a percent list takes its percent off the list or break price, half-up', () => {
    fc.assert(
      fc.property(amount, tiersArb, fc.integer({ min: 0, max: 10_000 }), quantity, (mrp, tiers, p, q) => {
        const applicable = tiers.filter((t) => t.min_quantity <= q);
        const base = applicable.length ? toCents(applicable[applicable.length - 1].mrp) : toCents(mrp);
        const got = customerPrice(
          { mrp, tiers },
          product,
          [],
          [list({ type: 'percent', percent: fromCents(p) })],
          q,
          NOW,
        );
        expect(toCents(got.unit_price)).toBe(percentOff(base, p));
      }),
    );
  });
});
