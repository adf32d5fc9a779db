/** The product editor's own words (the domain's PRODUCT_TOAST and GALLERY_TEXT hold the shared ones). */
export const EDITOR_SCREEN = {
  duplicate: 'Duplicate',
  duplicated: 'Product duplicated as a draft',
} as const;
