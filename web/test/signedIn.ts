import { STORAGE_KEYS } from '#domain/constants';
import { BUILT_IN_ROLE_PERMISSIONS, type BuiltInRole, type PermissionCode } from '#domain/permissions';
import type { Me } from '#domain/users';

/** A built-in role's rights, as a `has` check (the palette's and the shortcuts' tests). */
export const rightsOf =
  (role: BuiltInRole) =>
  (code: PermissionCode): boolean =>
    BUILT_IN_ROLE_PERMISSIONS[role].permissions.includes(code);

/**
 * Stores a session as signing in leaves it, so the app starts signed in as this user. Returns
 * the user as GET /me answers, with the role's permissions, for the fake API's route.
 */
export function signedInAs(role: BuiltInRole, fields: Partial<Pick<Me, 'id' | 'name' | 'email'>> = {}): Me {
  const user: Me = {
    id: fields.id ?? 1,
    name: fields.name ?? (role === 'admin' ? 'Ada Admin' : 'Eve Editor'),
    email: fields.email ?? (role === 'admin' ? 'ada@example.com' : 'eve@example.com'),
    role,
    role_name: BUILT_IN_ROLE_PERMISSIONS[role].name,
    permissions: [...BUILT_IN_ROLE_PERMISSIONS[role].permissions],
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-02T00:00:00.000Z',
  };
  localStorage.setItem(STORAGE_KEYS.token, `tok-${user.id}`);
  localStorage.setItem(
    STORAGE_KEYS.userData,
    JSON.stringify({ id: user.id, username: user.name, email: user.email, role }),
  );
  return user;
}
