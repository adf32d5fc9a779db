import { describe, expect, it } from 'vitest';
import { discountLabel } from './discountLabel';

describe('discountLabel', () => {
  it('names a percent or an amount off in the store currency', () => {
    expect(discountLabel({ type: 'percent', value: 15 })).toBe('15% OFF');
    expect(discountLabel({ type: 'percent', value: 12.5 })).toBe('12.5% OFF');
    expect(discountLabel({ type: 'amount', value: 5 })).toBe('$5.00 OFF');
  });
});
