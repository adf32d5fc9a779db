import { describe, expect, it } from 'vitest';
import { approvalReasons, lineDiscount, NO_APPROVAL_RULES } from './quote-approval';

describe("a line's discount below the customer's price", () => {
  it('counts the unit price and the percent together, against the customer price', () => {
    expect(lineDiscount({ unit_price: 100, discount_percent: 30, catalogue_price: 100 })).toBe(30);
    // 80.00 at 5 % off is 76.00: 24 % below 100.00.
    expect(lineDiscount({ unit_price: '80.00', discount_percent: '5', catalogue_price: '100.00' })).toBe(24);
    // An agreed price written as the unit price is no discount; a markup is none either.
    expect(lineDiscount({ unit_price: 85, discount_percent: 0, catalogue_price: 85 })).toBe(0);
    expect(lineDiscount({ unit_price: 120, discount_percent: 0, catalogue_price: 100 })).toBe(-20);
    // A typed line: its own unit price stands for the customer's.
    expect(lineDiscount({ unit_price: 10, discount_percent: 12.5, catalogue_price: null })).toBe(12.5);
    // Rounded half-up to two decimals: 2.00 below 3.00 is 66.666…%.
    expect(lineDiscount({ unit_price: 1, catalogue_price: 3 })).toBe(66.67);
  });

  it('breaks the rule only past the limit, judged exactly; the total by its cents', () => {
    const rules = { max_discount_percent: 15, max_total: 100 };
    const line = (pct: number) => ({ unit_price: 100, discount_percent: pct, catalogue_price: 100 });
    expect(approvalReasons({ lines: [line(15)], total_cents: 10_000n }, rules)).toEqual([]);
    expect(approvalReasons({ lines: [line(0), line(15.01)], total_cents: 10_001n }, rules)).toEqual([
      { rule: 'max_discount_percent', line: 2, value: 15.01 },
      { rule: 'max_total', line: null, value: 100.01 },
    ]);
    // 3.00 → 2.55 is exactly 15 %; 3.00 → 2.54 is 15.33 %.
    expect(
      approvalReasons({ lines: [{ unit_price: 2.55, catalogue_price: 3 }], total_cents: 0n }, rules),
    ).toEqual([]);
    expect(
      approvalReasons({ lines: [{ unit_price: 2.54, catalogue_price: 3 }], total_cents: 0n }, rules),
    ).toEqual([{ rule: 'max_discount_percent', line: 1, value: 15.33 }]);
    expect(approvalReasons({ lines: [line(100)], total_cents: 10n ** 15n }, NO_APPROVAL_RULES)).toEqual([]);
  });
});
