import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxListResponse, OutboxMessage } from '#domain/outbox';
import { api } from './client';
import { downloadFile } from './download';
import { inquiryKeys, type OutboxListParams, outboxKeys, quoteKeys } from './keys';
import { toListQuery } from './listQuery';

const OUTBOX_FALLBACK = {
  load: 'Failed to load the outbox',
  retry: 'Failed to retry the message',
  download: 'Failed to download the attachment',
} as const;

/** One page of the outbox (admins only), newest first. */
export function useOutbox(params: OutboxListParams) {
  return useQuery({
    queryKey: outboxKeys.list(params),
    queryFn: async ({ signal }) =>
      (await api.get<OutboxListResponse>('/outbox', { params: toListQuery({ ...params }), signal })).data,
    placeholderData: keepPreviousData,
    // Delivery moves on its own (the sender works in the background): every visit reads it afresh.
    staleTime: 0,
    meta: { errorMessage: OUTBOX_FALLBACK.load },
  });
}

export function useOutboxMessage(id: number) {
  return useQuery({
    queryKey: outboxKeys.detail(id),
    queryFn: async ({ signal }) => (await api.get<OutboxMessage>(`/outbox/${id}`, { signal })).data,
    staleTime: 0,
    // The screen shows its own not-found and failed states.
  });
}

/** A failed message sent again; the outbox and the desk (a quote's delivery) refresh. */
export function useRetryOutbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<OutboxMessage>(`/outbox/${id}/retry`)).data,
    onSuccess: (message) => {
      queryClient.setQueryData(outboxKeys.detail(message.id), message);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
        queryClient.invalidateQueries({ queryKey: inquiryKeys.all }),
        queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
      ]);
    },
    meta: { errorMessage: OUTBOX_FALLBACK.retry },
  });
}

/** An attachment, saved under its own name (through the API client: the link needs the token). */
export function useDownloadAttachment() {
  return useMutation({
    mutationFn: (file: { messageId: number; attachmentId: number; filename: string }) =>
      downloadFile(`/outbox/${file.messageId}/attachments/${file.attachmentId}`, {}, file.filename),
    meta: { errorMessage: OUTBOX_FALLBACK.download },
  });
}
