import { describe, expect, it } from 'vitest';
import {
  centsToNumber,
  defaultValidUntil,
  isExpired,
  lineTotalCents,
  quoteBody,
  quoteLineInput,
  quoteTotals,
} from './quotes';

const line = { name: 'Thing', quantity: 1, unit_price: 1 };

describe('quote totals: one rule, exact cents', () => {
  it('rounds a line half-up at exactly half a cent', () => {
    // 0.05 × 1 × 90 % = 4.5 cents → 5; 0.15 × 1 × 90 % = 13.5 → 14.
    expect(lineTotalCents({ quantity: 1, unit_price: '0.05', discount_percent: 10 })).toBe(5n);
    expect(lineTotalCents({ quantity: 1, unit_price: '0.15', discount_percent: 10 })).toBe(14n);
    // Just below half: 0.01 × 1 × 60 % = 0.6 → 1; 0.01 × 1 × 40 % = 0.4 → 0.
    expect(lineTotalCents({ quantity: 1, unit_price: '0.01', discount_percent: 40 })).toBe(1n);
    expect(lineTotalCents({ quantity: 1, unit_price: '0.01', discount_percent: 60 })).toBe(0n);
  });

  it('takes exactly 3.00 off 19.99 at 15 %', () => {
    expect(lineTotalCents({ quantity: 1, unit_price: 19.99, discount_percent: 15 })).toBe(1699n);
  });

  it('makes a 100 % discount free', () => {
    expect(lineTotalCents({ quantity: 9999, unit_price: '123.45', discount_percent: 100 })).toBe(0n);
  });

  it('keeps a huge unit price × 9,999 exact', () => {
    const cents = lineTotalCents({ quantity: 9999, unit_price: '9999999999.99' });
    expect(cents).toBe(999999999999n * 9999n);
    expect(cents > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  it('taxes the subtotal and the shipping together, rounding once', () => {
    const totals = quoteTotals({
      lines: [
        { quantity: 3, unit_price: '10.01' },
        { quantity: 1, unit_price: '0.99', discount_percent: 50 },
      ],
      shipping: '4.99',
      tax_rate: '7.5',
    });
    // 30.03 + 0.495→0.50 = 30.53; + 4.99 = 35.52; tax 7.5 % = 2.664 → 2.66.
    expect(totals).toEqual({ lines: [3003n, 50n], subtotal: 3053n, shipping: 499n, tax: 266n, total: 3818n });
    expect(centsToNumber(totals.total)).toBe(38.18);
  });

  it('refuses a quantity of 0 or past 9,999 and more than two decimals', () => {
    expect(quoteLineInput.safeParse({ ...line, quantity: 0 }).success).toBe(false);
    expect(quoteLineInput.safeParse({ ...line, quantity: 10_000 }).success).toBe(false);
    expect(quoteLineInput.safeParse({ ...line, quantity: 1.5 }).success).toBe(false);
    expect(quoteLineInput.safeParse({ ...line, unit_price: 1.234 }).success).toBe(false);
    expect(quoteLineInput.safeParse({ ...line, discount_percent: 100.01 }).success).toBe(false);
    expect(quoteBody.safeParse({ lines: [line], tax_rate: '19.999' }).success).toBe(false);
    expect(quoteBody.parse({ lines: [line] })).toMatchObject({ shipping: 0, tax_rate: 0, note: null });
    for (const valid_until of ['2024-02-30', '2024-13-01', '2024-1-01', '0000-01-01'])
      expect(quoteBody.safeParse({ lines: [line], valid_until }).success, valid_until).toBe(false);
    expect(quoteBody.safeParse({ lines: [line], valid_until: '2024-02-29' }).success).toBe(true);
  });

  it('expires from the day after valid_until (UTC), 30 days by default', () => {
    const now = new Date('2026-03-10T23:59:59Z');
    expect(defaultValidUntil('UTC', now)).toBe('2026-04-09');
    // Already the 11th in Auckland: 30 days from the seller's today, not from UTC's.
    expect(defaultValidUntil('Pacific/Auckland', now)).toBe('2026-04-10');
    // Still the 10th in Los Angeles when it is the 11th in UTC.
    expect(defaultValidUntil('America/Los_Angeles', new Date('2026-03-11T05:00:00Z'))).toBe('2026-04-09');
    expect(isExpired('2026-03-10', now)).toBe(false);
    expect(isExpired('2026-03-09', now)).toBe(true);
  });
});
