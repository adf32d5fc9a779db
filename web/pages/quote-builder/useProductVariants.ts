import { useQuery } from '@tanstack/react-query';
import type { Variant } from '#domain/variants';
import { api } from '../../api/client';
import { productKeys } from '../../api/keys';

/** A product's variants, for a line's variant select; nothing is asked for a typed line. */
export function useProductVariants(productId: number | null) {
  return useQuery({
    queryKey: productKeys.variants(productId ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Variant[] }>(`/products/${productId}/variants`, { signal })).data.data,
    enabled: productId !== null,
    staleTime: 60_000,
  });
}
