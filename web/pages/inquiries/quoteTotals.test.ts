import { describe, expect, it } from 'vitest';
import { INQUIRY_LIMITS } from '#domain/inquiries';
import { formatCents } from '../../api/currency';
import { quoteTotals } from './quoteTotals';

describe('quoteTotals', () => {
  it('multiplies and adds in cents, where floats would drift', () => {
    // As floats: 0.1 × 3 = 0.30000000000000004 and 0.1 + 0.2 = 0.30000000000000004.
    const totals = quoteTotals([
      { unit_price: 0.1, quantity: 3 },
      { unit_price: 0.2, quantity: 1 },
      { unit_price: 16.99, quantity: 7 },
    ]);
    expect(totals.lines).toEqual([30n, 20n, 11893n]);
    expect(totals.total).toBe(11943n);
    expect(formatCents(totals.total)).toBe('$119.43');
  });

  it('is exact at the largest price and quantity a quote can hold', () => {
    const line = { unit_price: 9_999_999_999.99, quantity: INQUIRY_LIMITS.quantity };
    const totals = quoteTotals(Array.from({ length: INQUIRY_LIMITS.lines }, () => line));
    expect(totals.lines[0]).toBe(9_998_999_999_990_001n);
    expect(formatCents(totals.lines[0])).toBe('$99,989,999,999,900.01');
    expect(totals.total).toBe(999_899_999_999_000_100n);
    expect(formatCents(totals.total)).toBe('$9,998,999,999,990,001.00');
  });

  it('has a total of nothing for a request without a basket', () => {
    expect(quoteTotals([])).toEqual({ lines: [], total: 0n });
    expect(formatCents(0n)).toBe('$0.00');
  });
});
