import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { DISCOUNT_FALLBACK, DISCOUNT_TEXT, type Discount, type updateDiscountBody } from '#domain/discounts';
import type { ListMeta } from '#domain/paging';
import type { DiscountScope } from '#domain/pricing';
import { PRODUCT_FALLBACK, type publicProductsResponse } from '#domain/products';
import { DESK_SCREEN } from '#domain/quote-texts';
import { api } from './client';
import { useDownload } from './download';
import { type DiscountListParams, discountKeys, productKeys } from './keys';
import { SELECT_PAGE, toListQuery } from './listQuery';

/**
 * What the Add/Edit dialog and the Active switch send: the PUT body, whose `title` a
 * POST names `name`. Times are 'YYYY-MM-DD HH:MM:SS' in UTC, or null for an open end.
 */
export type DiscountFields = Omit<z.input<typeof updateDiscountBody>, 'name'>;

export type DiscountSave = { id: number | null; input: DiscountFields };

export type ProductOption = z.infer<typeof publicProductsResponse>['data'][number];

type ListData = { data: Discount[]; meta: ListMeta };

function discountBody({ id, input: { title, ...fields } }: DiscountSave) {
  return { [id === null ? 'name' : 'title']: title, ...fields };
}

/** The id of the one target a stored discount's applies_to names. */
export const targetIdOf = (d: Discount) =>
  ({ product: d.product_id, category: d.category_id, brand: d.brand_id })[d.applies_to];

/** Only the target that applies_to names is set; the server refuses the others. */
export const targetFields = (scope: DiscountScope, id: number) => ({
  product_id: scope === 'product' ? id : null,
  category_id: scope === 'category' ? id : null,
  brand_id: scope === 'brand' ? id : null,
});

/** A stored time (ISO, UTC) as the API takes it back: 'YYYY-MM-DD HH:MM:SS', read as UTC. */
export const toApiTime = (iso: string | null) =>
  iso ? new Date(iso).toISOString().slice(0, 19).replace('T', ' ') : null;

/** A stored discount as the dialog's input, e.g. to send it back with one field changed. */
const discountInput = (d: Discount): DiscountFields => ({
  title: d.name,
  type: d.type,
  value: d.value,
  applies_to: d.applies_to,
  ...targetFields(d.applies_to, targetIdOf(d) ?? 0),
  starts_at: toApiTime(d.starts_at),
  ends_at: toApiTime(d.ends_at),
  active: d.active,
});

/** One page of the discounts list: the title search, the filters and the page, all on the server. */
export function useDiscounts(params: DiscountListParams) {
  return useQuery({
    queryKey: discountKeys.list(params),
    queryFn: async ({ signal }) =>
      (
        await api.get<ListData>('/discounts', {
          params: toListQuery({ ...params }),
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    // The product editor writes its own discounts too; every visit shows the current set.
    staleTime: 0,
    meta: { errorMessage: DISCOUNT_TEXT.loadFailed },
  });
}

/** The CSV of every discount under the list's search and filters (not one page). */
export function useExportDiscounts() {
  return useDownload({
    path: '/discounts/export.csv',
    fallbackName: 'discounts.csv',
    errorMessage: DESK_SCREEN.exportFailed,
    query: ({ q, applies_to, state }: DiscountListParams) => toListQuery({ q, applies_to, state }),
  });
}

/** Every discount change can move prices on the product cards, the editor and the preview. */
function useDiscountsChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: discountKeys.all }),
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
    ]);
}

/** Create or update; failures toast the server's refusal (e.g. a percent over 100). */
export function useSaveDiscount(mode: 'create' | 'update') {
  const changed = useDiscountsChanged();
  return useMutation({
    mutationFn: async (save: DiscountSave) => {
      const body = discountBody(save);
      const res =
        save.id === null
          ? await api.post<Discount>('/discounts', body)
          : await api.put<Discount>(`/discounts/${save.id}`, body);
      return res.data;
    },
    onSuccess: changed,
    meta: { errorMessage: mode === 'create' ? DISCOUNT_FALLBACK.create : DISCOUNT_FALLBACK.update },
  });
}

/** The Active switch: flips at once on screen, and flips back if the server refuses. */
export function useToggleDiscount() {
  const queryClient = useQueryClient();
  const changed = useDiscountsChanged();
  // The discount may sit on any cached page; each one that shows it flips.
  const setActive = (id: number, active: 0 | 1) =>
    queryClient.setQueriesData<ListData>({ queryKey: discountKeys.lists() }, (list) =>
      list ? { ...list, data: list.data.map((d) => (d.id === id ? { ...d, active } : d)) } : list,
    );
  return useMutation({
    mutationFn: async ({ discount, active }: { discount: Discount; active: boolean }) =>
      (
        await api.put<Discount>(
          `/discounts/${discount.id}`,
          discountBody({ id: discount.id, input: { ...discountInput(discount), active: active ? 1 : 0 } }),
        )
      ).data,
    onMutate: async ({ discount, active }) => {
      // A list refetch still under way would otherwise paint the old value back over the switch.
      await queryClient.cancelQueries({ queryKey: discountKeys.lists() });
      setActive(discount.id, active ? 1 : 0);
    },
    onError: (_error, { discount }) => setActive(discount.id, discount.active),
    onSettled: changed,
    meta: { errorMessage: DISCOUNT_FALLBACK.update },
  });
}

export function useDeleteDiscount() {
  const changed = useDiscountsChanged();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/discounts/${id}`);
    },
    onSuccess: changed,
    meta: { errorMessage: DISCOUNT_TEXT.deleteFailed },
  });
}

/**
 * Products as discount targets, searched on the server as the user types: a big
 * catalogue is never loaded whole into a select.
 */
export function useProductOptions(q: string, limit = SELECT_PAGE) {
  return useQuery({
    queryKey: productKeys.options(q, limit),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: ProductOption[] }>('/products/options', {
          params: toListQuery({ q, limit }),
          signal,
        })
      ).data.data,
    // The previous matches stay in the dropdown while the next search runs, instead of flashing empty.
    placeholderData: keepPreviousData,
    meta: { errorMessage: PRODUCT_FALLBACK.loadProducts },
  });
}
