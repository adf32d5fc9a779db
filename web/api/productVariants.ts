import { useQuery } from '@tanstack/react-query';
import type { Variant } from '#domain/variants';
import { api } from './client';
import { productKeys } from './keys';

/** A product's variants, for a quote line's or a price row's variant select; nothing is asked without a product. */
export function useProductVariants(productId: number | null) {
  return useQuery({
    queryKey: productKeys.variants(productId ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Variant[] }>(`/products/${productId}/variants`, { signal })).data.data,
    enabled: productId !== null,
    staleTime: 60_000,
  });
}
