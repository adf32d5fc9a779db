import { randomBytes } from 'node:crypto';
import { SERVER_GRANTOR } from '../../auth/rights';
import type { UsersService } from './users.service';

export type FirstAdminResult =
  | { created: false }
  | { created: true; email: string; generatedPassword: string | null };

/**
 * Creates the first admin when no user exists (README "Quick start"): from ADMIN_EMAIL/ADMIN_PASSWORD,
 * or admin@localhost with a random password that the caller prints once. No default passwords.
 */
export async function ensureFirstAdmin(
  users: UsersService,
  admin: { email?: string; password?: string },
): Promise<FirstAdminResult> {
  if ((await users.count()) > 0) return { created: false };
  const email = admin.email ?? 'admin@localhost';
  const generatedPassword = admin.password ? null : randomBytes(12).toString('base64url');
  try {
    await users.create(
      {
        name: 'Administrator',
        email,
        role: 'admin',
        password: admin.password ?? generatedPassword!,
      },
      SERVER_GRANTOR,
    );
  } catch (err) {
    // Another process starting at the same moment created it first.
    if ((err as { statusCode?: number }).statusCode === 409) return { created: false };
    throw err;
  }
  return { created: true, email, generatedPassword };
}
