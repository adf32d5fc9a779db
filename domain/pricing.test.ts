import { describe, expect, it } from 'vitest';
import { bigCentsToDecimal, centsToDecimal, fromCents, mulDivHalfUp, toCents } from './money';
import { basketEstimate, type PricingDiscount, previewPrice, priceProduct, saveAmount } from './pricing';

const NOW = new Date('2026-06-15T12:00:00Z');
let nextId = 1;
const discount = (over: Partial<PricingDiscount>): PricingDiscount => ({
  id: nextId++,
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
const product = { id: 1, mrp: '100.00', brand_id: 7, category_ids: [30, 20, 10] };

describe('money', () => {
  it('converts exactly', () => {
    expect(toCents('19.99')).toBe(1999);
    expect(toCents(19.9)).toBe(1990);
    expect(toCents('0')).toBe(0);
    expect(() => toCents('1.999')).toThrow();
    expect(() => toCents(19.999)).toThrow();
    expect(() => toCents('1e3')).toThrow();
    expect(fromCents(1999)).toBe(19.99);
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(123456)).toBe('1234.56');
  });

  it('rounds half up without floats, even past 2^53', () => {
    expect(mulDivHalfUp(1999, 1500, 10_000)).toBe(300);
    expect(mulDivHalfUp(5, 1, 2)).toBe(3);
    expect(mulDivHalfUp(999_999_999_999, 10_000, 10_000)).toBe(999_999_999_999);
  });
});

describe('saveAmount', () => {
  it('19.99 at 15% saves exactly 3.00', () => {
    expect(saveAmount(1999, 'percent', '15')).toBe(300);
    expect(previewPrice('19.99', 'percent', 15)).toEqual({ save: 3, final: 16.99 });
  });

  it('never saves more than the price, nor anything for zero', () => {
    expect(saveAmount(1000, 'amount', '25.00')).toBe(1000);
    expect(saveAmount(1000, 'percent', '150')).toBe(1000);
    expect(saveAmount(1000, 'amount', '0')).toBe(0);
    expect(saveAmount(0, 'percent', '50')).toBe(0);
  });
});

describe('priceProduct', () => {
  it('has no discount without candidates', () => {
    expect(priceProduct(product, [], NOW)).toEqual({ mrp: 100, final: 100, best: null });
  });

  it('skips inactive discounts and those outside their window, with open ends allowed', () => {
    const live = [
      discount({ value: '5', starts_at: null, ends_at: '2026-06-16T00:00:00Z' }),
      discount({ value: '6', starts_at: '2026-06-01T00:00:00Z', ends_at: null }),
    ];
    const dead = [
      discount({ value: '50', active: false }),
      discount({ value: '60', starts_at: '2026-06-16T00:00:00Z' }),
      discount({ value: '70', ends_at: '2026-06-15T11:59:59Z' }),
    ];
    const price = priceProduct(product, [...live, ...dead], NOW);
    expect(price.best?.value).toBe(6);
    expect(price.final).toBe(94);
  });

  it('applies product, ancestor-category and brand scopes, not others', () => {
    const candidates = [
      discount({ applies_to: 'category', product_id: null, category_id: 10, value: '20' }),
      discount({ applies_to: 'brand', product_id: null, brand_id: 8, value: '90' }),
      discount({ applies_to: 'product', product_id: 2, value: '80' }),
      discount({ applies_to: 'category', product_id: null, category_id: 99, value: '70' }),
    ];
    expect(priceProduct(product, candidates, NOW).best).toMatchObject({
      type: 'percent',
      value: 20,
      save_amount: 20,
    });
    const brand = discount({
      applies_to: 'brand',
      product_id: null,
      brand_id: 7,
      type: 'amount',
      value: '30',
    });
    expect(priceProduct(product, [...candidates, brand], NOW).best).toMatchObject({
      id: brand.id,
      save_amount: 30,
    });
  });

  it('picks the largest saving across types, the lowest id on a tie', () => {
    const a = discount({ type: 'amount', value: '12.50' });
    const b = discount({ type: 'percent', value: '12.5' });
    const c = discount({ type: 'percent', value: '12' });
    expect(priceProduct(product, [c, b, a], NOW).best?.id).toBe(a.id);
    expect(priceProduct(product, [c, b, a], NOW).final).toBe(87.5);
  });

  it('floors the final price at zero when an amount exceeds the MRP', () => {
    const price = priceProduct({ ...product, mrp: '9.99' }, [discount({ type: 'amount', value: '25' })], NOW);
    expect(price).toMatchObject({ final: 0, best: { save_amount: 9.99 } });
  });

  it('keeps the final price between 0 and the MRP for many random inputs', () => {
    let seed = 42;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 2000; i++) {
      const mrpCents = Math.floor(rand() * 10_000_000);
      const list = Array.from({ length: Math.floor(rand() * 5) }, () =>
        discount({
          type: rand() < 0.5 ? 'percent' : 'amount',
          value: centsToDecimal(Math.floor(rand() * 20_000)),
        }),
      );
      const price = priceProduct({ ...product, mrp: centsToDecimal(mrpCents) }, list, NOW);
      expect(toCents(price.final)).toBeGreaterThanOrEqual(0);
      expect(toCents(price.final)).toBeLessThanOrEqual(mrpCents);
      expect(toCents(price.mrp) - toCents(price.final)).toBe(
        price.best ? toCents(price.best.save_amount) : 0,
      );
    }
  });
});

describe('basketEstimate', () => {
  it('multiplies and adds in exact cents, leaving out a line without a readable price', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; three lines of 0.10 are 0.30 here.
    const est = basketEstimate([
      { price: 0.1, quantity: 3 },
      { price: 19.99, quantity: 7 },
      { price: Number.NaN, quantity: 2 },
      { price: 1.005, quantity: 1 },
      { price: '5' as unknown as number, quantity: 1 },
    ]);
    expect(est.lines).toEqual([30n, 13993n, null, null, null]);
    expect(bigCentsToDecimal(est.total)).toBe('140.23');
    expect(est.priced).toBe(2);
  });

  it('stays exact past the integers a number holds', () => {
    const lines = Array.from({ length: 100 }, () => ({ price: 99999999999.99, quantity: 9999 }));
    expect(bigCentsToDecimal(basketEstimate(lines).total)).toBe('99989999999990001.00');
  });
});
