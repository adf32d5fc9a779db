import { z } from 'zod';
import { ROLE_KEY_MAX, TEXT_LIMITS } from './constants';
import { oneLine, requiredText } from './fields';

/**
 * API tokens: credentials for other programs, each with a role whose permissions are its rights
 * (ADR 0019). What the server and the Integrations screen share.
 */

/** Every secret starts with this, so a leaked one is recognisable (and scanners can find it). */
export const API_TOKEN_PREFIX = 'sk_';
/** Random bytes in a secret: 256 bits, base64url, 43 characters after the prefix. */
export const API_TOKEN_BYTES = 32;

export const API_TOKEN_LIMITS = {
  /** Requests per token per minute when API_TOKEN_RATE is not set. */
  defaultRatePerMinute: 600,
  /** The last-used time and address are written at most this often per token. */
  lastUsedEveryMs: 60_000,
} as const;

export const API_TOKEN_TEXT = {
  nameRequired: 'Name is required',
  roleRequired: 'Pick the role whose rights the token gets',
  expiryInvalid: 'Expiry must be a date and time, such as 2027-01-31T23:59:59Z',
  expiryPast: 'Expiry must be in the future',
  unknownRole: 'Role must be the key of an existing role',
  roleAboveCaller: (permission: string) =>
    `A token cannot have more rights than you: this role has “${permission}”, which you do not`,
  notFound: 'API token not found',
  revokedOrExpired: 'This API token was revoked or has expired',
  unknownToken: 'Unknown API token',
  tooMany: (minutes: number) =>
    `Too many requests with this API token; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  peopleOnly: 'API tokens cannot use this route: it is for a signed-in person only',
  /**
   * How a token is named as the author of a change or a note: its name, and the user who made it
   * (left out once that user is deleted).
   */
  actor: (name: string, owner: string | null) =>
    owner === null ? `API token “${name}”` : `API token “${name}” (${owner})`,
  // The screen's words.
  title: 'API tokens',
  intro:
    'Programs call the API with a token instead of a password. A token has the rights of its role; revoke it when it is no longer needed.',
  create: 'Create token',
  empty: 'No API tokens yet. Create one to let another program use the API.',
  name: 'Name',
  namePlaceholder: 'e.g. ERP sync',
  role: 'Role',
  expiry: 'Expires',
  expiryHint: 'Leave empty for a token that does not expire.',
  never: 'Never',
  createdBy: 'Created by',
  created: 'Created',
  lastUsed: 'Last used',
  notUsed: 'Not used yet',
  deletedUser: 'Deleted user',
  expired: 'Expired',
  revoke: 'Revoke',
  /** The row's link to the log filtered to the token's changes. */
  activity: 'Activity',
  revokeTitle: (name: string) => `Revoke “${name}”?`,
  revokeBody: 'Programs using this token are refused from their next request. This cannot be undone.',
  revoked: (name: string) => `Revoked “${name}”`,
  createdToast: (name: string) => `Created “${name}”`,
  secretTitle: 'Copy your new token',
  secretWarning: 'This is the only time the token is shown. Copy it now: you will not see it again.',
  secretUse: 'Send it as the header Authorization: Bearer <token>.',
  done: 'I have copied it',
  loadFailed: 'Could not load the API tokens',
  createFailed: 'Could not create the API token',
  revokeFailed: 'Could not revoke the API token',
  tableLabel: 'API tokens',
  actions: 'Actions',
  expiresOn: 'Expires on',
  secretLabel: 'Your new API token',
} as const;

/** POST /api/api-tokens. expires_at: an instant with its offset, or null for no expiry. */
export const createApiTokenBody = z.strictObject({
  name: oneLine(requiredText(API_TOKEN_TEXT.nameRequired, 'Name', TEXT_LIMITS.name), 'Name'),
  role: z
    .string({ error: API_TOKEN_TEXT.roleRequired })
    .min(1, { error: API_TOKEN_TEXT.roleRequired })
    .max(ROLE_KEY_MAX, { error: API_TOKEN_TEXT.unknownRole }),
  expires_at: z.iso
    .datetime({ offset: true, error: API_TOKEN_TEXT.expiryInvalid })
    .nullish()
    .transform((v) => (v ? new Date(v) : null)),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBody>;

const apiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  role: z.string(),
  role_name: z.string(),
  created_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  /** Past its expiry: answers 401 until revoked out of the list. */
  expired: z.boolean(),
});
export type ApiTokenRecord = z.infer<typeof apiTokenSchema>;

export const apiTokenListResponse = z.object({
  data: z.array(apiTokenSchema),
  /** The roles the caller may give a new token: those with no right the caller lacks. */
  roles: z.array(z.object({ key: z.string(), name: z.string() })),
});
export type ApiTokenListResponse = z.infer<typeof apiTokenListResponse>;

export const createdApiTokenSchema = apiTokenSchema.extend({
  /** The secret, in this answer only: the server keeps its hash. */
  secret: z.string(),
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const isApiTokenSecret = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);
