import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ListMeta } from '#domain/paging';
import {
  type createPriceListBody,
  PRICE_LIST_FALLBACK,
  type PriceList,
  type PriceListImportMode,
  type pricesListResponse,
} from '#domain/price-lists';
import { api } from './client';
import { useDownload } from './download';
import { type PriceListListParams, priceListKeys } from './keys';
import { toListQuery } from './listQuery';
import { uploadConfig } from './requestBody';

export type PriceRow = z.infer<typeof pricesListResponse>['data'][number];
/** What the list's dialog sends: POST's body, which PATCH takes field by field. */
export type PriceListFields = z.input<typeof createPriceListBody>;

/** One page of the price lists, searched by name on the server. */
export function usePriceLists(params: PriceListListParams) {
  return useQuery({
    queryKey: priceListKeys.list(params),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: PriceList[]; meta: ListMeta }>('/price-lists', {
          params: toListQuery({ ...params }),
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { errorMessage: PRICE_LIST_FALLBACK.load },
  });
}

export function usePriceList(id: number) {
  return useQuery({
    queryKey: priceListKeys.detail(id),
    queryFn: async ({ signal }) => (await api.get<PriceList>(`/price-lists/${id}`, { signal })).data,
    staleTime: 0,
    retry: false,
  });
}

/** A page of a fixed list's grid, searched by SKU or product name on the server. */
export function usePriceRows(id: number, params: PriceListListParams, enabled: boolean) {
  return useQuery({
    queryKey: priceListKeys.prices(id, params),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: PriceRow[]; meta: ListMeta }>(`/price-lists/${id}/prices`, {
          params: toListQuery({ ...params }),
          signal,
        })
      ).data,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { errorMessage: PRICE_LIST_FALLBACK.grid },
  });
}

/** A list's counts and grid show on the list and its page alike, so every write refreshes both. */
function usePriceListsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: priceListKeys.all });
}

/** Create (id null) or update; the dialog shows the server's refusal under its field. */
export function useSavePriceList(id: number | null) {
  const changed = usePriceListsChanged();
  return useMutation({
    mutationFn: async (fields: PriceListFields) =>
      id === null
        ? (await api.post<PriceList>('/price-lists', fields)).data
        : (await api.patch<PriceList>(`/price-lists/${id}`, fields)).data,
    onSuccess: changed,
    meta: { errorMessage: id === null ? PRICE_LIST_FALLBACK.create : PRICE_LIST_FALLBACK.save },
  });
}

export function useDeletePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/price-lists/${id}`);
    },
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: priceListKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: priceListKeys.lists() });
    },
    meta: { errorMessage: PRICE_LIST_FALLBACK.delete },
  });
}

/** Sets rows of the grid (PUT …/prices): a variant and quantity already priced takes the new price. */
export function usePutPrices(id: number) {
  const changed = usePriceListsChanged();
  return useMutation({
    mutationFn: async (prices: { variant_id: number; min_quantity: number; price: number }[]) =>
      (await api.put<{ count: number }>(`/price-lists/${id}/prices`, { prices })).data,
    onSuccess: changed,
    meta: { errorMessage: PRICE_LIST_FALLBACK.save },
  });
}

/** The grid's matches for the search, as the CSV the import reads back. */
export function useExportPrices(id: number) {
  return useDownload({
    path: `/price-lists/${id}/prices/export.csv`,
    fallbackName: `price-list-${id}.csv`,
    errorMessage: PRICE_LIST_FALLBACK.export,
    query: ({ q }: { q: string }) => toListQuery({ q }),
  });
}

/**
 * Sends a prices file. Its refusal (rows named in `details`) is shown beside the form rather than
 * toasted, so the mutation has no error message of its own.
 */
export function useImportPrices(id: number) {
  const changed = usePriceListsChanged();
  return useMutation({
    mutationFn: async ({
      file,
      mode,
      onProgress,
    }: {
      file: File;
      mode: PriceListImportMode;
      onProgress?: (percent: number) => void;
    }) => {
      const form = new FormData();
      form.append('mode', mode);
      form.append('file', file, file.name);
      return (
        await api.post<{ count: number; mode: PriceListImportMode }>(
          `/price-lists/${id}/prices/import`,
          form,
          uploadConfig(form, onProgress),
        )
      ).data;
    },
    onSuccess: changed,
  });
}
