/**
 * What other modules may use of price lists: a buyer's own prices, for the portal, and a
 * customer's prices for lines at their quantities, for the quotes; the lists a customer's or a
 * company's page shows; lists as the API answers with them, for the webhooks.
 */
import type { CustomerPricing } from './customer-pricing.service';

export { assignedPriceLists, itemKey, priceItems } from './customer-pricing.service';
export { readPriceLists } from './price-lists.service';
export type BuyerPricing = Pick<CustomerPricing, 'forBuyer'>;
