/** The product editor's own words (the domain's PRODUCT_TOAST and GALLERY_TEXT hold the shared ones). */
export const EDITOR_SCREEN = {
  duplicate: 'Duplicate',
  duplicated: 'Product duplicated as a draft',
} as const;

/** The Options and variants card's words. */
export const VARIANTS_SCREEN = {
  title: 'Options and variants',
  addOption: 'Add option',
  optionName: 'Option name',
  optionNamePlaceholder: 'Size',
  values: 'Values',
  valuesHint: 'Type a value and press Enter',
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  remove: 'Remove',
  generate: 'Generate variants',
  generateTitle: 'Generate variants?',
  generateText: (n: number) =>
    n === 1
      ? "One variant will be created, at the product's price."
      : `${n} variants will be created, at the product's price.`,
  generateNone: 'Every combination has a variant already',
  generated: (n: number) => (n === 1 ? '1 variant created' : `${n} variants created`),
  noOptions:
    'No options yet: the product has one SKU and one price. Add an option such as Size to sell it in several variants.',
  variant: 'Variant',
  sku: 'SKU',
  price: 'Price',
  status: 'Status',
  active: 'Active',
  discontinued: 'Discontinued',
  discontinue: 'Discontinue',
  reactivate: 'Make active',
  moveUp: (title: string) => `Move ${title} up`,
  moveDown: (title: string) => `Move ${title} down`,
  deleteVariant: (title: string) => `Delete ${title}`,
  deleteVariantTitle: 'Delete variant?',
  deleteVariantText:
    'Old quotes keep reading it; the shop will no longer offer it. Discontinue it instead to keep it in the editor.',
  removeOptionTitle: 'Remove option?',
  removeOptionText: (name: string) => `${name} and its values will be removed from every variant.`,
  saved: 'Variant saved',
  optionSaved: 'Option saved',
  optionRemoved: 'Option removed',
  variantDeleted: 'Variant deleted',
  failed: 'Save failed',
} as const;
