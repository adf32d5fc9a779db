/**
 * What other modules may use of price lists: a buyer's own prices, for the portal, and a
 * customer's prices for lines at their quantities, for the quotes.
 */
import type { CustomerPricing } from './customer-pricing.service';

export { itemKey, priceItems } from './customer-pricing.service';
export type BuyerPricing = Pick<CustomerPricing, 'forBuyer'>;
