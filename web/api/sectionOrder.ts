import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_FALLBACK, type ProductBundle } from '#domain/products';
import type { LayoutBlock } from '#domain/sections';
import { api } from './client';
import { productKeys } from './keys';

export type SectionDrag = { productId: number; ids: number[] };

/**
 * The layout with the content blocks named in ids put in that order, each taking the position
 * of the slot it lands in; the basic and images blocks stay where they are.
 */
export function reorderBlocks(blocks: readonly LayoutBlock[], ids: readonly number[]): LayoutBlock[] {
  const sorted = [...blocks].sort((a, b) => a.position - b.position);
  const moving = new Set(ids);
  const byId = new Map(blocks.map((b) => [b.id, b]));
  const slots = sorted.filter((b) => moving.has(b.id)).map((b) => b.position);
  let k = 0;
  return sorted.flatMap((b) => {
    if (!moving.has(b.id)) return [b];
    const block = byId.get(ids[k]);
    const position = slots[k++];
    return block ? [{ ...block, position }] : [];
  });
}

/**
 * A section dragged from one place to another: the whole order of sections in one call (PUT
 * …/layout/order), so the move is made at once or not at all. The new order shows at once; if the
 * call fails the editor reloads the layout as it is.
 */
export function useDragSection(slug: string) {
  const queryClient = useQueryClient();
  const key = productKeys.detail(slug);
  return useMutation({
    mutationFn: async ({ productId, ids }: SectionDrag) =>
      (await api.put<{ blocks: LayoutBlock[] }>(`/products/${productId}/layout/order`, { ids })).data.blocks,
    onMutate: async ({ ids }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ProductBundle>(key);
      if (before)
        queryClient.setQueryData<ProductBundle>(key, {
          ...before,
          layout: { blocks: reorderBlocks(before.layout.blocks, ids) },
        });
    },
    onSuccess: (blocks) => {
      if (blocks)
        queryClient.setQueryData<ProductBundle>(key, (bundle) =>
          bundle ? { ...bundle, layout: { blocks } } : bundle,
        );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
    meta: { errorMessage: PRODUCT_FALLBACK.reorder },
  });
}
