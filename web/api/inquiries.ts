import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CreateInquiryBody, INQUIRY_TEXT, type Inquiry } from '#domain/inquiries';
import type { ListMeta } from '#domain/paging';
import { api } from './client';
import { type InquiryListParams, inquiryKeys } from './keys';
import { toListQuery } from './listQuery';

/** A quote request from the product preview (SPEC.md §7 Inquiries); the route is public. */
export function useSendInquiry() {
  return useMutation({
    mutationFn: async (input: CreateInquiryBody) => {
      await api.post('/inquiries', input);
    },
    meta: { errorMessage: INQUIRY_TEXT.sendFailed },
  });
}

/** The staff inbox (SPEC.md §7): this list names its page size `perPage`, not `limit`. */
export function useInquiries(params: InquiryListParams) {
  const { limit, ...controls } = params;
  return useQuery({
    queryKey: inquiryKeys.list(params),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: Inquiry[]; meta: ListMeta }>('/inquiries', {
          params: toListQuery({ ...controls, perPage: limit }),
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    // Visitors send requests at any time; every visit to the inbox asks again.
    staleTime: 0,
    meta: { errorMessage: INQUIRY_TEXT.loadFailed },
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
      queryClient.setQueriesData<{ data: Inquiry[]; meta: ListMeta }>(
        { queryKey: inquiryKeys.lists },
        (list) =>
          list?.data.some((i) => i.id === id)
            ? {
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
