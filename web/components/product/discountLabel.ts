import { discountLabel as label } from '#domain/pricing';
import { storeCurrency } from '../../api/currency';

/** The best-discount badge (SPEC.md §2 Products list): '15% OFF' or '$5.00 OFF'. */
export const discountLabel = (discount: Parameters<typeof label>[0]): string =>
  label(discount, storeCurrency());
