import { CONFIRM } from '#domain/messages';
import type { DiscountScope } from '#domain/pricing';
import { DISCOUNT_SCOPES } from '#domain/pricing';

export const SCOPE_LABELS: Record<DiscountScope, string> = {
  product: 'Product',
  category: 'Category',
  brand: 'Brand',
};

export const SCOPE_OPTIONS = DISCOUNT_SCOPES.map((value) => ({ value, label: SCOPE_LABELS[value] }));

/** The list's page sizes: the server pages it, so the screen never holds the whole set. */
export const DISCOUNT_PAGING = { defaultLimit: 20, limits: [20, 50, 100] } as const;

export const DISCOUNT_SCREEN = {
  appliesToLabel: 'Applies To',
  stateLabel: 'State',
  allFilter: 'All',
  empty: 'No discounts found.',
  failed: 'Discounts could not be loaded.',
  editorBadge: 'From product editor',
  /** In place of Edit and Delete on a product's own discount, for a role that can't change prices. */
  priceLocked: 'Price right needed',
  editorNote:
    "This discount belongs to the product editor's pricing: saving that product's price there replaces it.",
  deleteTitle: 'Delete discount?',
  deleteMessage: CONFIRM.deleteDiscount,
} as const;
