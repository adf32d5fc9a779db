import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type QuoteApprovalRules,
  type QuoteApprovalSettingsBody,
  type QuoteListResponse,
  QUOTE_APPROVAL_SCREEN as T,
} from '#domain/quote-approval';
import type { Quote } from '#domain/quotes';
import { api } from './client';
import { inquiryKeys, quoteKeys } from './keys';

/** An approval step moves the quote, its request's history and the lists that count it. */
function useApprovalChanged() {
  const queryClient = useQueryClient();
  return (quote: Quote) => {
    queryClient.setQueryData(quoteKeys.detail(quote.id), quote);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: inquiryKeys.all }),
      queryClient.invalidateQueries({ queryKey: quoteKeys.lists() }),
    ]);
  };
}

export function useRequestApproval(id: number) {
  const changed = useApprovalChanged();
  return useMutation({
    mutationFn: async (note: string) => (await api.post<Quote>(`/quotes/${id}/approval`, { note })).data,
    onSuccess: changed,
    meta: { errorMessage: T.askFailed },
  });
}

export function useApproveQuote(id: number) {
  const changed = useApprovalChanged();
  return useMutation({
    mutationFn: async (note: string) =>
      (await api.post<Quote>(`/quotes/${id}/approve`, { note: note.trim() || null })).data,
    onSuccess: changed,
    meta: { errorMessage: T.approveFailed },
  });
}

export function useRejectQuote(id: number) {
  const changed = useApprovalChanged();
  return useMutation({
    mutationFn: async (reason: string) => (await api.post<Quote>(`/quotes/${id}/reject`, { reason })).data,
    onSuccess: changed,
    meta: { errorMessage: T.rejectFailed },
  });
}

/** How many drafts wait for an approver (the list's total; one row read). */
export function usePendingApprovals(enabled: boolean) {
  return useQuery({
    queryKey: [...quoteKeys.lists(), 'pending-count'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<QuoteListResponse>('/quotes', { params: { approval: 'pending', limit: 1 }, signal }))
        .data.meta.total,
    enabled,
    meta: { errorMessage: T.loadFailed },
  });
}

const settingsKey = [...quoteKeys.all, 'approval-settings'] as const;

export function useApprovalSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async ({ signal }) =>
      (await api.get<QuoteApprovalRules>('/settings/quote-approval', { signal })).data,
    meta: { errorMessage: T.settingsLoadFailed },
  });
}

/** Field errors come back in `details`; the tab shows them under their inputs. */
export function useSaveApprovalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rules: QuoteApprovalSettingsBody) =>
      (await api.put<QuoteApprovalRules>('/settings/quote-approval', rules)).data,
    onSuccess: (rules) => {
      queryClient.setQueryData(settingsKey, rules);
      return queryClient.invalidateQueries({ queryKey: quoteKeys.all });
    },
  });
}
