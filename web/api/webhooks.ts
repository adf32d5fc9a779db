import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WEBHOOK_SCREEN_TEXT as T } from '#domain/webhook-screen';
import {
  WEBHOOK_PAGING,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookPatch,
} from '#domain/webhooks';
import { api } from './client';
import { webhookKeys } from './keys';

/** An endpoint with its secret: the answer to creation, the only time it is shown with it. */
export type CreatedEndpoint = WebhookEndpoint & { secret: string };
/** A rolled secret, shown once, and until when the old one still verifies. */
export type RolledSecret = { id: number; secret: string; previous_secret_expires_at: string };
type DeliveryPage = {
  data: WebhookDelivery[];
  total: number;
  meta: { page: number; limit: number; total: number; pages: number };
};

export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.list(),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: WebhookEndpoint[] }>('/webhooks', { signal })).data.data,
    meta: { errorMessage: T.loadFailed },
  });
}

/**
 * One endpoint's log, newest first, kept fresh while open: every 2 s while a delivery is pending,
 * every 10 s otherwise (new events arrive from other people's changes).
 */
export function useWebhookDeliveries(id: number, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: async ({ signal }) =>
      (
        await api.get<DeliveryPage>(`/webhooks/${id}/deliveries`, {
          params: { page, limit: WEBHOOK_PAGING.defaultLimit },
          signal,
        })
      ).data,
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === 'pending') ? 2000 : 10_000),
    meta: { errorMessage: T.logFailed },
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
}

export function useCreateWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: WebhookCreate) => (await api.post<CreatedEndpoint>('/webhooks', body)).data,
    onSuccess: refresh,
    meta: { errorMessage: T.saveFailed },
  });
}

export function useUpdateWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: WebhookPatch }) =>
      (await api.patch<WebhookEndpoint>(`/webhooks/${id}`, body)).data,
    onSuccess: refresh,
    meta: { errorMessage: T.saveFailed },
  });
}

export function useDeleteWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/webhooks/${id}`);
    },
    onSuccess: refresh,
    meta: { errorMessage: T.deleteFailed },
  });
}

export function useRollWebhookSecret() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<RolledSecret>(`/webhooks/${id}/roll-secret`)).data,
    onSuccess: refresh,
    meta: { errorMessage: T.rollFailed },
  });
}

export function useSendTestEvent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<WebhookDelivery>(`/webhooks/${id}/test`)).data,
    onSuccess: refresh,
    meta: { errorMessage: T.testFailed },
  });
}

export function useRedeliver() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (deliveryId: number) =>
      (await api.post<WebhookDelivery>(`/webhook-deliveries/${deliveryId}/redeliver`)).data,
    onSuccess: refresh,
    meta: { errorMessage: T.redeliverFailed },
  });
}
