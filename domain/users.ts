import { z } from 'zod';
import {
  DEFAULT_ROLE,
  PAGING,
  PASSWORD_MIN_LENGTH,
  ROLE_KEY_MAX,
  ROLE_KEY_PATTERN,
  TEXT_LIMITS,
  USER_SORT_KEYS,
} from './constants';
import { oneLine, requiredText } from './fields';
import { VALIDATION } from './messages';
import { listMeta, listQuery } from './paging';
import { permissionCodeSchema } from './roles';

const email = (requiredMessage: string) =>
  requiredText(requiredMessage, 'Email', TEXT_LIMITS.email)
    .toLowerCase()
    .pipe(z.email({ error: VALIDATION.invalidEmail }));

/** A role's key; whether such a role exists is the server's to say. */
const roleKeySchema = z
  .string({ error: VALIDATION.invalidRole })
  .max(ROLE_KEY_MAX, { error: VALIDATION.invalidRole })
  .regex(ROLE_KEY_PATTERN, { error: VALIDATION.invalidRole });
const roleSchema = roleKeySchema;

export const loginBody = z.strictObject({
  email: z
    .string({ error: VALIDATION.loginRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: VALIDATION.loginRequired })
    .max(TEXT_LIMITS.email, { error: VALIDATION.tooLong('Email', TEXT_LIMITS.email) }),
  password: z
    .string({ error: VALIDATION.loginRequired })
    .min(1, { error: VALIDATION.loginRequired })
    .max(TEXT_LIMITS.password, { error: VALIDATION.tooLong('Password', TEXT_LIMITS.password) }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const createUserBody = z.strictObject({
  name: oneLine(requiredText(VALIDATION.createUserRequired, 'Name', TEXT_LIMITS.name), 'Name'),
  email: email(VALIDATION.createUserRequired),
  password: z
    .string({ error: VALIDATION.createUserRequired })
    .min(1, { error: VALIDATION.createUserRequired })
    .min(PASSWORD_MIN_LENGTH, { error: VALIDATION.passwordTooShort })
    .max(TEXT_LIMITS.password, { error: VALIDATION.tooLong('Password', TEXT_LIMITS.password) }),
  role: roleSchema.default(DEFAULT_ROLE),
});
export type CreateUserBody = z.input<typeof createUserBody>;

export const updateProfileBody = z.strictObject({
  name: oneLine(requiredText(VALIDATION.profileRequired, 'Name', TEXT_LIMITS.name), 'Name'),
  email: email(VALIDATION.profileRequired),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** PATCH /api/users/{id}: a staff account's role and name; at least one of them. */
export const updateUserBody = z
  .strictObject({
    role: roleKeySchema.optional(),
    name: oneLine(requiredText(VALIDATION.nameRequired, 'Name', TEXT_LIMITS.name), 'Name').optional(),
  })
  .refine((v) => v.role !== undefined || v.name !== undefined, { error: VALIDATION.updateUserEmpty });
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const changePasswordBody = z.strictObject({
  current_password: z
    .string({ error: VALIDATION.passwordFieldsRequired })
    .min(1, { error: VALIDATION.passwordFieldsRequired })
    .max(TEXT_LIMITS.password, { error: VALIDATION.tooLong('Current password', TEXT_LIMITS.password) }),
  new_password: z
    .string({ error: VALIDATION.passwordFieldsRequired })
    .min(1, { error: VALIDATION.passwordFieldsRequired })
    .min(PASSWORD_MIN_LENGTH, { error: VALIDATION.newPasswordTooShort })
    .max(TEXT_LIMITS.password, { error: VALIDATION.tooLong('New password', TEXT_LIMITS.password) }),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/**
 * The web form's own check, in this order: all three filled, then length, then match.
 * Returns the message to show, or null when the form may be sent.
 */
export function checkPasswordForm(current: string, next: string, confirm: string): string | null {
  if (!current || !next || !confirm) return VALIDATION.passwordFieldsRequired;
  if (next.length < PASSWORD_MIN_LENGTH) return VALIDATION.newPasswordTooShort;
  if (next !== confirm) return VALIDATION.newPasswordsMismatch;
  return null;
}

export const userSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/me: the user, its role's name and the permission codes it holds now. */
export const meSchema = userSchema.extend({
  role_name: z.string(),
  permissions: z.array(permissionCodeSchema),
});
export type Me = z.infer<typeof meSchema>;

/** The user as the login response carries it. */
const sessionUserSchema = userSchema.pick({ id: true, name: true, email: true, role: true });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** What the web app keeps in localStorage under userData (username taken from name). */
export type StoredUserData = { id: number; username: string; email: string; role: string };

export const loginResponse = z.object({ token: z.string(), user: sessionUserSchema });
export const passwordChangedResponse = z.object({ token: z.string() });

export const userListQuery = listQuery({
  sortKeys: USER_SORT_KEYS,
  defaultSort: PAGING.users.defaultSort,
  defaultOrder: PAGING.users.defaultOrder,
  defaultLimit: PAGING.users.defaultLimit,
  extra: { role: roleKeySchema.optional() },
});

export const userListResponse = z.object({
  data: z.array(userSchema),
  total: z.number(),
  meta: listMeta,
});
export type UserListResponse = z.infer<typeof userListResponse>;
