// Moved to domain/products.ts; kept as a pointer until every importer uses domain directly.
export { PRODUCT_CONFIRM, PRODUCT_FALLBACK, PRODUCT_TOAST } from '../../../domain/products';
