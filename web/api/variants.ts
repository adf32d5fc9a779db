import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createOptionBody, ProductOption, updateVariantBody, Variant } from '#domain/variants';
import { api } from './client';
import { productKeys } from './keys';

type OptionInput = z.input<typeof createOptionBody>;
type VariantPatch = z.input<typeof updateVariantBody>;

/** The options and variants card's writes; each reloads the product's bundle. */
export function useVariantWrites(productId: number, slug: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: productKeys.detail(slug) });
  const addOption = useMutation({
    mutationFn: async (body: OptionInput) =>
      (await api.post<ProductOption>(`/products/${productId}/options`, body)).data,
    onSuccess,
  });
  const updateOption = useMutation({
    mutationFn: async ({ id, ...body }: Partial<OptionInput> & { id: number }) =>
      (await api.patch<ProductOption>(`/products/${productId}/options/${id}`, body)).data,
    onSuccess,
  });
  const removeOption = useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/products/${productId}/options/${id}`);
    },
    onSuccess,
  });
  const generate = useMutation({
    mutationFn: async () =>
      (await api.post<{ created: number }>(`/products/${productId}/variants/generate`)).data,
    onSuccess,
  });
  const updateVariant = useMutation({
    mutationFn: async ({ id, ...body }: VariantPatch & { id: number }) =>
      (await api.patch<Variant>(`/variants/${id}`, body)).data,
    onSuccess,
  });
  const removeVariant = useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/variants/${id}`);
    },
    onSuccess,
  });
  return { addOption, updateOption, removeOption, generate, updateVariant, removeVariant };
}
