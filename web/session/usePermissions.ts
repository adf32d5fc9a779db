import { useQuery } from '@tanstack/react-query';
import type { PermissionCode } from '#domain/permissions';
import { meKeys } from '../api/keys';
import { getMe } from '../api/me';
import { useSession } from './SessionContext';

export type Permissions = {
  /** False until the signed-in user's rights have been read once. */
  ready: boolean;
  has: (code: PermissionCode) => boolean;
};

/**
 * The signed-in user's rights, from GET /api/me (read again on focus and after any change to
 * roles), so the app shows only what the server would allow. This module imports no screen and
 * no component: any screen, chunk or shell part may use it without an import cycle.
 */
export function usePermissions(): Permissions {
  const { token } = useSession();
  const me = useQuery({
    queryKey: [...meKeys.all, 'rights', token] as const,
    queryFn: getMe,
    enabled: Boolean(token),
    staleTime: 30_000,
  });
  const codes = me.data?.permissions;
  return {
    ready: Boolean(codes) || me.isError,
    has: (code) => Boolean(codes?.includes(code)),
  };
}
