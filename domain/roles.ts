import { z } from 'zod';
import { TEXT_LIMITS } from './constants';
import { oneLine, requiredText } from './fields';
import {
  PERMISSION_AREAS,
  PERMISSION_CODES,
  type PermissionCode,
  withNeededPermissions,
} from './permissions';

export const ROLE_TEXT = {
  invalidPermission: (value: string) => `Unknown permission: ${value}`,
  permissionsRequired: 'permissions must be a list of permission codes',
  roleNotFound: 'Role not found',
  roleNameTaken: 'A role with this name already exists',
  builtInFixed: 'Built-in roles cannot be changed or deleted; duplicate one to make a role of your own',
  roleHeld: (users: number, tokens = 0) => {
    const held = [
      users > 0 || tokens === 0 ? `${users} ${users === 1 ? 'user' : 'users'}` : null,
      tokens > 0 ? `${tokens} API ${tokens === 1 ? 'token' : 'tokens'}` : null,
    ].filter(Boolean);
    const fix = tokens > 0 ? 'give them another role or revoke the tokens' : 'give them another role';
    return `This role is held by ${held.join(' and ')}; ${fix} before deleting it`;
  },
  lastAdmin:
    'Someone must keep “Manage staff accounts” and “Manage roles”: this would leave nobody holding both',
  unknownRole: 'Role must be the key of an existing role',
  nameRequired: 'Name is required',
  patchEmpty: 'Send a name, permissions or both',
  keyFromName: 'The name needs at least one letter or digit',
} as const;

export const permissionCodeSchema = z.custom<PermissionCode>(
  (v) => typeof v === 'string' && (PERMISSION_CODES as readonly string[]).includes(v),
  { error: (issue) => ROLE_TEXT.invalidPermission(String(issue.input)) },
);

const permissionList = z
  .array(permissionCodeSchema, { error: ROLE_TEXT.permissionsRequired })
  .max(PERMISSION_CODES.length * 2, { error: ROLE_TEXT.permissionsRequired })
  // A permission comes with those it needs (PERMISSION_NEEDS): a role is saved with them added.
  .transform((codes) => withNeededPermissions(codes));

const roleName = oneLine(requiredText(ROLE_TEXT.nameRequired, 'Name', TEXT_LIMITS.name), 'Name');

export const createRoleBody = z.strictObject({ name: roleName, permissions: permissionList });
export type CreateRoleBody = z.input<typeof createRoleBody>;

export const updateRoleBody = z
  .strictObject({ name: roleName.optional(), permissions: permissionList.optional() })
  .refine((v) => v.name !== undefined || v.permissions !== undefined, { error: ROLE_TEXT.patchEmpty });
export type UpdateRoleBody = z.input<typeof updateRoleBody>;

/** A role's key in a path; one that names no role is the service's 404. */
export const roleKeyParam = z.object({ key: z.string().max(200, { error: ROLE_TEXT.roleNotFound }) });

export const roleSchema = z.object({
  key: z.string(),
  name: z.string(),
  permissions: z.array(permissionCodeSchema),
  built_in: z.boolean(),
  /** How many users hold the role. */
  users: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RoleRecord = z.infer<typeof roleSchema>;
export const roleListResponse = z.object({ data: z.array(roleSchema) });
export type RoleListResponse = z.infer<typeof roleListResponse>;

const permissionSchema = z.object({
  code: permissionCodeSchema,
  label: z.string(),
  description: z.string(),
  area: z.enum(PERMISSION_AREAS),
});
export const permissionListResponse = z.object({ data: z.array(permissionSchema) });

/** GET /api/permissions and GET /api/roles take no query; an unknown field is a 400. */
export const noQuery = z.strictObject({});

/** A new role's key: its name, lower-cased, with every run of other characters as one dash. */
export function roleKeyFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
}

/** The Roles tab's words. */
export const ROLE_SCREEN_TEXT = {
  tab: 'Roles',
  usersTab: 'Users',
  loadRoles: 'Could not load the roles',
  loadPermissions: 'Could not load the permissions',
  saveFailed: 'Could not save the role',
  deleteFailed: 'Could not delete the role',
  newRole: 'New role',
  duplicate: 'Duplicate role',
  copyName: (name: string) => `${name} (copy)`,
  builtIn: 'Built in',
  builtInHint: 'Built-in roles cannot be changed; duplicate one to make your own.',
  holders: (n: number) => `${n} ${n === 1 ? 'user' : 'users'}`,
  save: 'Save role',
  delete: 'Delete role',
  deleteTitle: 'Delete role?',
  deleteConfirm: (name: string) => `Delete the role "${name}"? It is deleted for good.`,
  created: 'Role created',
  saved: 'Role saved',
  deleted: 'Role deleted',
  nameLabel: 'Role name',
  allRoles: 'All roles',
  filterLabel: 'Role',
  changeRole: 'Change role',
  roleChanged: 'Role changed',
  /** Under a permission that is useless without others: ticking it ticks them. */
  needs: (labels: readonly string[]) => `Needs ${labels.join(' and ')}.`,
  /** Why a role in the users' select cannot be picked, or a role's card cannot be changed. */
  beyondOwn: 'Holds rights you do not have',
  ownRole: 'Your own role: another person who manages staff accounts can change it',
  ownRoleCard: 'You hold this role: another person who manages roles can change it.',
  aboveOwnCard: 'This role holds rights you do not have, so you cannot change it.',
} as const;
