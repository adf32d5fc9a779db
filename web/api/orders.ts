import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ORDER_TEXT,
  type Order,
  type OrderDetail,
  type OrderSettings,
  type PatchOrderBody,
  type StepBackOrderBody,
} from '#domain/orders';
import type { ListMeta } from '#domain/paging';
import { DESK_SCREEN } from '#domain/quote-texts';
import { api } from './client';
import { useDownload } from './download';
import { type OrderListParams, orderKeys } from './keys';
import { toListQuery } from './listQuery';
import { useAddStaffNote } from './notes';

export type OrderList = { data: Order[]; meta: ListMeta };

/** The list's query string: the controls under the API's names (the direction is `sortOrder`). */
const orderQuery = ({ order, ...params }: Partial<OrderListParams>) =>
  toListQuery({ ...params, sortOrder: order });

export function useOrders(params: OrderListParams) {
  return useQuery({
    queryKey: orderKeys.list(params),
    queryFn: async ({ signal }) =>
      (await api.get<OrderList>('/orders', { params: orderQuery(params), signal })).data,
    placeholderData: keepPreviousData,
    // Customers accept quotes at any time; every visit asks again.
    staleTime: 0,
    meta: { errorMessage: ORDER_TEXT.loadFailed },
  });
}

/** One order with its lines, notes and history. */
export function useOrderDetail(id: number | null) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => (await api.get<OrderDetail>(`/orders/${id}`, { signal })).data,
    enabled: id !== null,
    staleTime: 0,
    meta: { errorMessage: ORDER_TEXT.loadFailed },
  });
}

function useOrderChanged() {
  const queryClient = useQueryClient();
  return (detail?: OrderDetail) => {
    if (detail) queryClient.setQueryData(orderKeys.detail(detail.id), detail);
    return queryClient.invalidateQueries({ queryKey: orderKeys.all });
  };
}

export function usePatchOrder(id: number) {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: async (body: PatchOrderBody) => (await api.patch<OrderDetail>(`/orders/${id}`, body)).data,
    onSuccess: (detail) => changed(detail),
    meta: { errorMessage: ORDER_TEXT.moveFailed },
  });
}

/** Takes the order one step back, with the reason (order.manage); no e-mail is sent. */
export function useStepBackOrder(id: number) {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: async (body: StepBackOrderBody) =>
      (await api.post<OrderDetail>(`/orders/${id}/step-back`, body)).data,
    onSuccess: (detail) => changed(detail),
    meta: { errorMessage: ORDER_TEXT.moveFailed },
  });
}

export function useAddOrderNote(id: number) {
  return useAddStaffNote(`/orders/${id}`, useOrderChanged());
}

/** The CSV of the list under the current filters (every match, not one page). */
export function useExportOrders() {
  return useDownload({
    path: '/orders/export.csv',
    fallbackName: 'orders.csv',
    errorMessage: DESK_SCREEN.exportFailed,
    query: ({ page: _page, limit: _limit, ...filters }: OrderListParams) => orderQuery(filters),
  });
}

const settingsKey = [...orderKeys.all, 'settings'] as const;

/** Which acceptance fields the customer must fill. */
export function useOrderSettings(enabled: boolean) {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async ({ signal }) => (await api.get<OrderSettings>('/orders/settings', { signal })).data,
    enabled,
    meta: { errorMessage: ORDER_TEXT.loadFailed },
  });
}

export function useSaveOrderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OrderSettings) => (await api.put<OrderSettings>('/orders/settings', body)).data,
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
    meta: { errorMessage: ORDER_TEXT.settingsFailed },
  });
}
