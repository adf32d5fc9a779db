/**
 * What other modules may use of products: the bundle service's type (the shop's pages), the price
 * refresh the shop and the import share, and the one read of a product as the API answers it (the
 * webhooks' payloads), and what a product lacks in a locale (the dashboard's counts).
 */
export type { BundleService } from './bundle.service';
export { PRICE_DUE_CTES } from './price-due';
export { type BaseRow, selectBase, toBase } from './product-columns';
export { missingTranslation, nextPriceChange, refreshPrices } from './product-filter';
export { withVariantSets } from './variant-read';
