/**
 * What other modules may use of price lists: a buyer's own prices, for the portal, and a
 * customer's prices for lines at their quantities, for the quotes; the lists a customer's or a
 * company's page shows.
 */
import type { CustomerPricing } from './customer-pricing.service';

export { assignedPriceLists, itemKey, priceItems } from './customer-pricing.service';
export type BuyerPricing = Pick<CustomerPricing, 'forBuyer'>;
