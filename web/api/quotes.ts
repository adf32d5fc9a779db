import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuoteTemplate } from '#domain/quote-templates';
import { BUILDER_TEXT, QUOTE_REUSE_TEXT } from '#domain/quote-texts';
import type { PublicQuote, Quote, QuoteBody } from '#domain/quotes';
import { api } from './client';
import type { InquiryList } from './inquiries';
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

/** Where a new draft starts: the request's lines (nothing), a template, or another quote. */
export type DraftSource = { template_id: number } | { from_quote_id: number };

/** A draft started from the request's lines, or from a template or another quote. */
export function useCreateQuote(inquiryId: number) {
  const changed = useQuoteChanged();
  return useMutation({
    mutationFn: async (source?: DraftSource) =>
      (await api.post<Quote>(`/inquiries/${inquiryId}/quotes`, source)).data,
    onSuccess: (quote) => changed(quote),
    meta: { errorMessage: BUILDER_TEXT.createFailed },
  });
}

/** Copy to another request: a draft for the request picked, from this quote as quoted. */
export function useCopyQuote(quoteId: number) {
  const changed = useQuoteChanged();
  return useMutation({
    mutationFn: async (inquiryId: number) =>
      (await api.post<Quote>(`/inquiries/${inquiryId}/quotes`, { from_quote_id: quoteId })).data,
    onSuccess: (quote) => changed(quote),
    meta: { errorMessage: BUILDER_TEXT.createFailed },
  });
}

/** Extend: the same offer sent at once as the next version with a new date. */
export function useExtendQuote(id: number) {
  const changed = useQuoteChanged();
  return useMutation({
    mutationFn: async (validUntil: string) =>
      (await api.post<Quote>(`/quotes/${id}/extend`, { valid_until: validUntil })).data,
    onSuccess: (quote) => changed(quote),
    meta: { errorMessage: QUOTE_REUSE_TEXT.extendFailed },
  });
}

export function useQuoteTemplates(enabled = true) {
  return useQuery({
    queryKey: quoteKeys.templates(),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: QuoteTemplate[] }>('/quote-templates', { signal })).data.data,
    enabled,
    meta: { errorMessage: QUOTE_REUSE_TEXT.templatesFailed },
  });
}

/** Field errors (a taken name) come back in `details`, shown under the name. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; from_quote_id: number }) =>
      (await api.post<QuoteTemplate>('/quote-templates', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteKeys.templates() }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/quote-templates/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteKeys.templates() }),
    meta: { errorMessage: QUOTE_REUSE_TEXT.deleteTemplateFailed },
  });
}

/** The requests a quote can be copied to: a page of the inbox's search for what was typed. */
export function useRequestOptions(q: string, enabled: boolean) {
  return useQuery({
    queryKey: inquiryKeys.options(q, 20),
    queryFn: async ({ signal }) =>
      (await api.get<InquiryList>('/inquiries', { params: { q: q || undefined, perPage: 20 }, signal })).data
        .data,
    enabled,
    placeholderData: keepPreviousData,
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
