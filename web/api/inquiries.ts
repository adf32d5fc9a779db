import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateInquiryBody,
  INQUIRY_TEXT,
  type Inquiry,
  type InquiryDetail,
  type InquiryStatus,
  type PatchInquiryBody,
} from '#domain/inquiries';
import type { ListMeta } from '#domain/paging';
import { DESK_SCREEN } from '#domain/quote-texts';
import { api } from './client';
import { useDownload } from './download';
import { type InquiryListParams, inquiryKeys } from './keys';
import { toListQuery } from './listQuery';
import { useAddStaffNote } from './notes';

/** A quote request from the product preview; the route is public. */
export function useSendInquiry() {
  return useMutation({
    mutationFn: async (input: CreateInquiryBody) => {
      await api.post('/inquiries', input);
    },
    meta: { errorMessage: INQUIRY_TEXT.sendFailed },
  });
}

export type InquiryList = {
  data: Inquiry[];
  meta: ListMeta;
  /** Per status over the other filters; absent from a server that does not count them. */
  counts?: Record<InquiryStatus, number>;
  /** False when a search's count of some status stopped past the cap. */
  counts_exact?: boolean;
};

/** The list's query string: the usual list controls (its page size is `perPage`) and the desk's filters. */
function inquiryQuery({ limit, ...params }: InquiryListParams) {
  return toListQuery({ ...params, perPage: limit });
}

/** The staff inbox: this list names its page size `perPage`, not `limit`. */
export function useInquiries(params: InquiryListParams, enabled = true) {
  return useQuery({
    queryKey: inquiryKeys.list(params),
    queryFn: async ({ signal }) =>
      (await api.get<InquiryList>('/inquiries', { params: inquiryQuery(params), signal })).data,
    enabled,
    placeholderData: keepPreviousData,
    // Visitors send requests at any time; every visit to the inbox asks again.
    staleTime: 0,
    meta: { errorMessage: INQUIRY_TEXT.loadFailed },
  });
}

/** One request with its notes, history and quotes (the pane's desk). */
export function useInquiryDetail(id: number | null) {
  return useQuery({
    queryKey: inquiryKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => (await api.get<InquiryDetail>(`/inquiries/${id}`, { signal })).data,
    enabled: id !== null,
    staleTime: 0,
    meta: { errorMessage: DESK_SCREEN.detailFailed },
  });
}

/** After a change to one request: its detail and every list page (status, owner and counts move). */
function useInquiryChanged() {
  const queryClient = useQueryClient();
  return (detail?: InquiryDetail) => {
    if (detail) queryClient.setQueryData(inquiryKeys.detail(detail.id), detail);
    return queryClient.invalidateQueries({ queryKey: inquiryKeys.all });
  };
}

export function usePatchInquiry(id: number) {
  const changed = useInquiryChanged();
  return useMutation({
    mutationFn: async (body: PatchInquiryBody) =>
      (await api.patch<InquiryDetail | Inquiry>(`/inquiries/${id}`, body)).data,
    onSuccess: () => changed(),
    meta: { errorMessage: DESK_SCREEN.updateFailed },
  });
}

export function useAddNote(id: number) {
  return useAddStaffNote(`/inquiries/${id}`, useInquiryChanged());
}

/** The CSV of the list under the current filters (every match, not one page). */
export function useExportInquiries() {
  return useDownload({
    path: '/inquiries/export.csv',
    fallbackName: 'inquiries.csv',
    errorMessage: DESK_SCREEN.exportFailed,
    query: ({ page: _page, limit: _limit, ...filters }: InquiryListParams) => toListQuery(filters),
  });
}

export function useDeleteInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/inquiries/${id}`);
    },
    onSuccess: (_data, id) => {
      // Gone at once from every cached page, so the selection moves on without waiting for the refetch.
      queryClient.setQueriesData<InquiryList>({ queryKey: inquiryKeys.lists() }, (list) =>
        list?.data.some((i) => i.id === id)
          ? {
              ...list,
              data: list.data.filter((i) => i.id !== id),
              meta: { ...list.meta, total: list.meta.total - 1 },
            }
          : list,
      );
      return queryClient.invalidateQueries({ queryKey: inquiryKeys.all });
    },
    meta: { errorMessage: INQUIRY_TEXT.deleteFailed },
  });
}
