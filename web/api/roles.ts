import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateRoleBody, RoleListResponse, RoleRecord, UpdateRoleBody } from '#domain/roles';
import { ROLE_SCREEN_TEXT } from '#domain/roles';
import { api } from './client';
import { meKeys, roleKeys, userKeys } from './keys';

export function useRoles(enabled = true) {
  return useQuery({
    queryKey: roleKeys.list(),
    queryFn: async ({ signal }) => (await api.get<RoleListResponse>('/roles', { signal })).data.data,
    enabled,
    meta: { errorMessage: ROLE_SCREEN_TEXT.loadRoles },
  });
}

/**
 * A role's name by its key, for screens that list users (which carry the key): from the roles
 * list, so a renamed role reads right at once. Empty until the list has loaded, never the key.
 */
export function useRoleName(): (key: string) => string {
  const roles = useRoles();
  return (key) => roles.data?.find((r) => r.key === key)?.name ?? '';
}

/** Any change to a role can change the signed-in user's own rights and the users' role names. */
function useRefreshRoles() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: roleKeys.all }),
      queryClient.invalidateQueries({ queryKey: userKeys.all }),
      queryClient.invalidateQueries({ queryKey: meKeys.all }),
    ]);
}

export function useCreateRole() {
  const refresh = useRefreshRoles();
  return useMutation({
    mutationFn: async (body: CreateRoleBody) => (await api.post<RoleRecord>('/roles', body)).data,
    onSuccess: refresh,
    meta: { errorMessage: ROLE_SCREEN_TEXT.saveFailed },
  });
}

export function useUpdateRole() {
  const refresh = useRefreshRoles();
  return useMutation({
    mutationFn: async ({ key, body }: { key: string; body: UpdateRoleBody }) =>
      (await api.patch<RoleRecord>(`/roles/${key}`, body)).data,
    onSuccess: refresh,
    meta: { errorMessage: ROLE_SCREEN_TEXT.saveFailed },
  });
}

export function useDeleteRole() {
  const refresh = useRefreshRoles();
  return useMutation({
    mutationFn: async (key: string) => {
      await api.delete(`/roles/${key}`);
    },
    onSuccess: refresh,
    meta: { errorMessage: ROLE_SCREEN_TEXT.deleteFailed },
  });
}
