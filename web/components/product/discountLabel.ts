import { discountLabel as label } from '#domain/pricing';
import { storeCurrency } from '../../api/currency';

/** The best-discount badge of the products list: '15% OFF' or '$5.00 OFF'. */
export const discountLabel = (discount: Parameters<typeof label>[0]): string =>
  label(discount, storeCurrency());
