/**
 * The spec's product texts (SPEC.md §5, §8) that domain/ does not hold yet, in one file so they
 * can move there in one step; keys name the situation, values are the spec's words. The quote
 * request's texts already live in domain/inquiries.ts (INQUIRY_TEXT).
 */

export const PRODUCT_TOAST = {
  imagesUploaded: 'Images uploaded',
  saved: 'Saved',
  listAdded: 'List added',
  specsAdded: 'Specs added',
  tableAdded: 'Table added',
  listSaved: 'List saved',
  specsSaved: 'Specs saved',
  tableSaved: 'Table saved',
  sectionRemoved: 'Section removed',
  productDeleted: 'Product deleted',
  productCreated: 'Product created',
} as const;

export const PRODUCT_FALLBACK = {
  loadProduct: 'Failed to load product',
  upload: 'Upload failed',
  delete: 'Delete failed',
  save: 'Save failed',
  reorder: 'Reorder failed',
  create: 'Create failed',
  remove: 'Remove failed',
  update: 'Update failed',
  loadProducts: 'Failed to load products',
  creation: 'Creation failed',
} as const;

export const PRODUCT_CONFIRM = {
  deleteTitle: 'Delete product?',
  deleteText: 'This action cannot be undone.',
} as const;
