import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Category, CategoryNode, categoryFields, MoveDirection } from '#domain/categories';
import { FALLBACK } from '#domain/messages';
import type { ListMeta } from '#domain/paging';
import { treeOrder } from './categoryTree';
import { api } from './client';
import { toastError } from './errors';
import { type CategoryListParams, categoryKeys } from './keys';
import { SELECT_PAGE, toListQuery } from './listQuery';
import { requestBody, uploadConfig } from './requestBody';

/** The form's fields as the API takes them; the image travels beside them (CategorySave). */
type CategoryInput = Omit<z.input<typeof categoryFields>, 'image_url'>;

export type CategorySave = {
  /** null creates a new category. */
  id: number | null;
  input: CategoryInput;
  image: File | null;
  /** Only on edit: drop the stored image; a new file sent with it wins. */
  removeImage: boolean;
  onProgress?: (percent: number) => void;
};

export function useCategories(params: CategoryListParams, enabled = true) {
  const { parentId, ...controls } = params;
  return useQuery({
    queryKey: categoryKeys.list(params),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: Category[]; meta: ListMeta }>('/categories', {
          params: toListQuery({ ...controls, parent_id: parentId }),
          signal,
        })
      ).data,
    enabled,
    placeholderData: keepPreviousData,
    meta: { errorMessage: FALLBACK.loadCategories },
  });
}

export function useCategory(id: number | null) {
  return useQuery({
    queryKey: categoryKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => (await api.get<Category>(`/categories/${id}`, { signal })).data,
    enabled: id !== null,
    meta: { errorMessage: FALLBACK.fetchCategory },
  });
}

/**
 * One page of categories for the searching selects (Parent filter and field, product category,
 * discount target): the server searches name and slug as the user types; the page
 * is sorted by name on the client. The previous matches stay while the next search runs.
 */
export function useCategoryOptions(q: string, limit = SELECT_PAGE) {
  return useQuery({
    queryKey: categoryKeys.options(q, limit),
    queryFn: async ({ signal }) => {
      const { data } = await api.get<{ data: CategoryNode[] }>('/public/categories', {
        params: toListQuery({ flat: 1, q, limit }),
        signal,
      });
      return [...data.data].sort((a, b) => a.name.localeCompare(b.name));
    },
    placeholderData: keepPreviousData,
    meta: { errorMessage: FALLBACK.loadCategories },
  });
}

/**
 * The options of the Parent field and the discount Target: the same server search as
 * useCategoryOptions, shown as a tree (each category under its parent, siblings by name) so
 * same-named categories under different parents can be told apart.
 */
export function useCategoryTreeOptions(q: string, limit = SELECT_PAGE) {
  return useQuery({
    queryKey: categoryKeys.optionTree(q, limit),
    queryFn: async ({ signal }) => {
      const { data } = await api.get<{ data: CategoryNode[] }>('/public/categories', {
        params: toListQuery({ flat: 1, q, limit }),
        signal,
      });
      return treeOrder(data.data);
    },
    placeholderData: keepPreviousData,
    meta: { errorMessage: FALLBACK.loadCategories },
  });
}

export function useSaveCategory(mode: 'create' | 'update') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, image, removeImage, onProgress }: CategorySave) => {
      const body = requestBody(
        {
          ...input,
          // A newly chosen file replaces the old one anyway, so removal only goes out without one.
          image_url: removeImage && !image ? '' : undefined,
        },
        { image },
      );
      const config = uploadConfig(body, onProgress);
      const res =
        id === null
          ? await api.post<Category>('/categories', body, config)
          : await api.put<Category>(`/categories/${id}`, body, config);
      return res.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
    meta: { errorMessage: mode === 'create' ? FALLBACK.createCategory : FALLBACK.updateCategory },
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/categories/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
    meta: { errorMessage: FALLBACK.deleteCategory },
  });
}

export type CategoryMove = { category: Category; direction: MoveDirection };

/**
 * Category sort order: one step. The server swaps the category with its neighbour
 * under the same parent, so two siblings never end up on the same number.
 */
export function useMoveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ category, direction }: CategoryMove) =>
      (await api.post<Category>(`/categories/${category.id}/move`, { direction })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
    // These two texts are shown whatever the server answered.
    onError: (error, { direction }) =>
      toastError(error, direction === 'up' ? FALLBACK.moveUp : FALLBACK.moveDown, { fixed: true }),
  });
}
