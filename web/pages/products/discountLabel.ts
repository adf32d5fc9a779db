import type { DiscountType } from '../../../domain/pricing';
import { formatPrice } from '../../api/currency';

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** The best-discount badge (SPEC.md §2 Products list): '15% OFF' or '$5.00 OFF'. */
export function discountLabel(discount: { type: DiscountType; value: number }): string {
  return discount.type === 'percent'
    ? `${percent.format(discount.value)}% OFF`
    : `${formatPrice(discount.value)} OFF`;
}
