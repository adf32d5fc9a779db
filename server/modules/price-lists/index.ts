/** What other modules may use of price lists: a buyer's own prices, for the portal. */
import type { CustomerPricing } from './customer-pricing.service';

export type BuyerPricing = Pick<CustomerPricing, 'forBuyer'>;
