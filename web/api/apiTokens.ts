import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_TOKEN_TEXT,
  type ApiTokenListResponse,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from '#domain/api-tokens';
import { api } from './client';
import { apiTokenKeys } from './keys';

/** The tokens (settings.manage); `enabled` false for a reader who may not list them. */
export function useApiTokens(enabled = true) {
  return useQuery({
    queryKey: apiTokenKeys.list(),
    queryFn: async ({ signal }) => (await api.get<ApiTokenListResponse>('/api-tokens', { signal })).data,
    meta: { errorMessage: API_TOKEN_TEXT.loadFailed },
    enabled,
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApiTokenBody) =>
      (await api.post<CreatedApiToken>('/api-tokens', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
    meta: { errorMessage: API_TOKEN_TEXT.createFailed },
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/api-tokens/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
    meta: { errorMessage: API_TOKEN_TEXT.revokeFailed },
  });
}
