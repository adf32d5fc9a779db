import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Brand, brandFields, brandOptionSchema } from '#domain/brands';
import { FALLBACK } from '#domain/messages';
import type { ListMeta } from '#domain/paging';
import { api } from './client';
import { type BrandListParams, brandKeys } from './keys';
import { SELECT_PAGE, toListQuery } from './listQuery';
import { requestBody, uploadConfig } from './requestBody';

/** The form's fields as the API takes them; the logo travels beside them (BrandSave). */
type BrandInput = Omit<z.input<typeof brandFields>, 'logo_url'>;

export type BrandSave = {
  /** null creates a new brand. */
  id: number | null;
  input: BrandInput;
  logo: File | null;
  /** On edit: the stored logo, kept unless removed or replaced. */
  currentLogoUrl: string | null;
  removeLogo: boolean;
  onProgress?: (percent: number) => void;
};

export function useBrands(params: BrandListParams, enabled = true) {
  return useQuery({
    queryKey: brandKeys.list(params),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Brand[]; meta: ListMeta }>('/brands', { params: toListQuery(params), signal }))
        .data,
    enabled,
    placeholderData: keepPreviousData,
    meta: { errorMessage: FALLBACK.loadBrands },
  });
}

/** Brands: create is always a multipart form; update is JSON unless a logo goes along. */
function brandBody({ id, input, logo, currentLogoUrl, removeLogo }: BrandSave) {
  if (id === null) return requestBody({ ...input }, { logo }, { multipart: true });
  // logo_url '' removes the logo and the current URL keeps it; a new file replaces it anyway.
  const logoUrl = logo ? undefined : removeLogo ? '' : (currentLogoUrl ?? undefined);
  return requestBody({ ...input, logo_url: logoUrl }, { logo });
}

export function useSaveBrand(mode: 'create' | 'update') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: BrandSave) => {
      const body = brandBody(save);
      const config = uploadConfig(body, save.onProgress);
      const res =
        save.id === null
          ? await api.post<Brand>('/brands', body, config)
          : await api.put<Brand>(`/brands/${save.id}`, body, config);
      return res.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandKeys.all }),
    meta: { errorMessage: mode === 'create' ? FALLBACK.createBrand : FALLBACK.updateBrand },
  });
}

export function useDeleteBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/brands/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandKeys.all }),
    meta: { errorMessage: FALLBACK.deleteBrand },
  });
}

export type BrandOption = z.infer<typeof brandOptionSchema>;

/** One brand by id (e.g. to name the brand a pasted link filters by). */
export function useBrand(id: number | null) {
  return useQuery({
    queryKey: brandKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => (await api.get<Brand>(`/brands/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

/**
 * One page of brands by name for the searching selects (product forms, discount target): the
 * server searches name and slug as the user types, so a big catalogue is never
 * loaded whole. The previous matches stay while the next search runs.
 */
export function useBrandOptions(q: string, limit = SELECT_PAGE) {
  return useQuery({
    queryKey: brandKeys.options(q, limit),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: BrandOption[] }>('/public/brands', {
          params: toListQuery({ q, limit }),
          signal,
        })
      ).data.data,
    placeholderData: keepPreviousData,
    meta: { errorMessage: FALLBACK.loadBrands },
  });
}
