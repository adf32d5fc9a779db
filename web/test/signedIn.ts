import { STORAGE_KEYS } from '#domain/constants';
import type { User } from '#domain/users';

/**
 * Stores a session as signing in leaves it, so the app starts signed in as this user. Returns
 * the user as GET /me answers, for the fake API's route.
 */
export function signedInAs(
  role: User['role'],
  fields: Partial<Pick<User, 'id' | 'name' | 'email'>> = {},
): User {
  const user: User = {
    id: fields.id ?? 1,
    name: fields.name ?? (role === 'admin' ? 'Ada Admin' : 'Eve Editor'),
    email: fields.email ?? (role === 'admin' ? 'ada@example.com' : 'eve@example.com'),
    role,
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
