import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGING } from '#domain/constants';
import { FALLBACK } from '#domain/messages';
import type { CreateUserBody, UpdateUserBody, User, UserListResponse } from '#domain/users';
import { api } from './client';
import { type UserListParams, userKeys } from './keys';
import { toListQuery } from './listQuery';

export function useUsers(params: UserListParams) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: async ({ signal }) =>
      (await api.get<UserListResponse>('/users', { params: toListQuery(params), signal })).data,
    // Keeps the current rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
    meta: { errorMessage: FALLBACK.loadUsers },
  });
}

export function useUser(id: number | null) {
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => (await api.get<User>(`/users/${id}`, { signal })).data,
    enabled: id !== null,
    meta: { errorMessage: FALLBACK.fetchUser },
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateUserBody) => (await api.post<User>('/users', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
    meta: { errorMessage: FALLBACK.createUser },
  });
}

/** A user's new role or name; the role list's counts and the user's own rights may change too. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: UpdateUserBody }) =>
      (await api.patch<User>(`/users/${id}`, body)).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['roles'] }),
        queryClient.invalidateQueries({ queryKey: ['me'] }),
      ]),
    meta: { errorMessage: 'Could not change the user' },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/users/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
    meta: { errorMessage: FALLBACK.deleteUser },
  });
}

/**
 * Staff for the inbox's owner filter and the pane's owner select. Only admins may list users; for
 * anyone else (or on a refusal) the screens offer Anyone, Me and Nobody alone, so no toast here.
 */
export function useStaffOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...userKeys.all, 'staff'] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<UserListResponse>('/users', {
          params: { page: 1, limit: PAGING.maxLimit, sortBy: 'name', order: 'asc' },
          signal,
        })
      ).data.data,
    enabled,
    staleTime: 60_000,
  });
}
