/** What other modules may use of discounts: the product editor's own discount, set with the product. */
export { setEditorDiscount } from './discounts.service';
