import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BUILDER_TEXT } from '#domain/quote-texts';
import type { PublicQuote, Quote, QuoteBody } from '#domain/quotes';
import { api } from './client';
import { inquiryKeys, quoteKeys } from './keys';

/** Every quote change moves its request too (status, quotes list, counts). */
function useQuoteChanged() {
  const queryClient = useQueryClient();
  return (quote?: Quote) => {
    if (quote) queryClient.setQueryData(quoteKeys.detail(quote.id), quote);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: inquiryKeys.all }),
      queryClient.invalidateQueries({ queryKey: quoteKeys.all, exact: false }),
    ]);
  };
}

export function useQuote(id: number) {
  return useQuery({
    queryKey: quoteKeys.detail(id),
    queryFn: async ({ signal }) => (await api.get<Quote>(`/quotes/${id}`, { signal })).data,
    meta: { errorMessage: BUILDER_TEXT.loadFailed },
  });
}

/** A draft started from the request's lines. */
export function useCreateQuote(inquiryId: number) {
  const changed = useQuoteChanged();
  return useMutation({
    mutationFn: async () => (await api.post<Quote>(`/inquiries/${inquiryId}/quotes`)).data,
    onSuccess: (quote) => changed(quote),
    meta: { errorMessage: BUILDER_TEXT.createFailed },
  });
}

/** Field errors come back in `details`; the builder shows them, so no toast here beyond the fallback. */
export function useSaveQuote(id: number) {
  const changed = useQuoteChanged();
  return useMutation({
    mutationFn: async (body: QuoteBody) => (await api.put<Quote>(`/quotes/${id}`, body)).data,
    onSuccess: (quote) => changed(quote),
    meta: { errorMessage: BUILDER_TEXT.saveFailed },
  });
}

export function useSendQuote(id: number) {
  const changed = useQuoteChanged();
  return useMutation({
    mutationFn: async () => (await api.post<Quote>(`/quotes/${id}/send`)).data,
    onSuccess: (quote) => changed(quote),
    meta: { errorMessage: BUILDER_TEXT.sendFailed },
  });
}

export function useReviseQuote(id: number) {
  const changed = useQuoteChanged();
  return useMutation({
    mutationFn: async () => (await api.post<Quote>(`/quotes/${id}/revise`)).data,
    onSuccess: (quote) => changed(quote),
    meta: { errorMessage: BUILDER_TEXT.reviseFailed },
  });
}

export function useDeleteQuote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.delete(`/quotes/${id}`);
    },
    // Everything the draft moved is read again except the draft itself, which would only answer
    // 404 to the screen still showing it, and so replace that screen before it can leave.
    onSuccess: async () => {
      const gone = quoteKeys.detail(id);
      await queryClient.cancelQueries({ queryKey: gone, exact: true });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: inquiryKeys.all }),
        queryClient.invalidateQueries({
          queryKey: quoteKeys.all,
          predicate: (query) => query.queryKey.join('/') !== gone.join('/'),
        }),
      ]);
    },
    meta: { errorMessage: BUILDER_TEXT.deleteFailed },
  });
}

// --- The customer's page: no session, its own texts on the page ------------------------------

export function usePublicQuote(token: string) {
  return useQuery({
    queryKey: quoteKeys.public(token),
    queryFn: async ({ signal }) =>
      (await api.get<PublicQuote>(`/public/quotes/${encodeURIComponent(token)}`, { signal })).data,
    // The page shows its own friendly states (not found, failed) rather than a toast.
  });
}

export type QuoteAnswerInput =
  | {
      kind: 'accept';
      name: string;
      po_number?: string | null;
      billing_address?: string | null;
      shipping_address?: string | null;
    }
  | { kind: 'decline'; reason: string | null }
  | { kind: 'changes'; message: string };

export function useAnswerQuote(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, ...body }: QuoteAnswerInput) =>
      (await api.post<PublicQuote>(`/public/quotes/${encodeURIComponent(token)}/${kind}`, body)).data,
    // Whatever happened (answered now, or by someone else before), the page shows the quote as it stands.
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteKeys.public(token) }),
  });
}
