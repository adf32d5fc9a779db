import { useQuery } from '@tanstack/react-query';
import { firstNotHeld, type PermissionCode } from '#domain/permissions';
import { meKeys } from '../api/keys';
import { getMe } from '../api/me';
import { useSession } from './SessionContext';

export type Permissions = {
  /** False until the signed-in user's rights have been read once. */
  ready: boolean;
  has: (code: PermissionCode) => boolean;
  /** The name of the user's role, as people read it (never its key); null until read. */
  roleName: string | null;
  /** Whether the user holds every one of these codes: what they may give a user, role or token. */
  holdsAll: (codes: readonly string[]) => boolean;
  /** The key of the user's own role, which is not theirs to change. */
  role: string | null;
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
    roleName: me.data?.role_name ?? null,
    holdsAll: (wanted) => Boolean(codes) && firstNotHeld(wanted, codes ?? []) === undefined,
    role: me.data?.role ?? null,
  };
}
