import type { DiscountType } from '#domain/pricing';
import { DISCOUNT_TYPES } from '#domain/pricing';

/** A discount's type in words: the discounts screen and the product editor's pricing both offer it. */
export const TYPE_LABELS: Record<DiscountType, string> = { percent: 'Percent', amount: 'Amount' };

export const TYPE_OPTIONS = DISCOUNT_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }));
