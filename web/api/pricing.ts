import type { z } from 'zod';
import type { pricingResponse } from '#domain/price-lists';
import { api } from './client';

export type CustomerPriceAnswer = z.infer<typeof pricingResponse>;

/**
 * What a customer pays for one of a variant at a quantity (ADR 0031): the builder starts a line
 * there, and says where the price came from.
 */
export async function fetchCustomerPrice(variantId: number, quantity: number, customerId: number) {
  const params = new URLSearchParams({
    variant_id: String(variantId),
    quantity: String(quantity),
    customer_id: String(customerId),
  });
  return (await api.get<CustomerPriceAnswer>(`/pricing?${params}`)).data;
}
