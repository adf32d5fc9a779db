/** Limits and keys that the server and the web app must agree on (SPEC.md §9). */

export const STORAGE_KEYS = {
  token: 'user_token',
  userData: 'userData',
} as const;

export const PASSWORD_MIN_LENGTH = 6;

export const ROLES = ['editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'editor';

/** Upper bounds on free text, so nobody can store a megabyte in a name. */
export const TEXT_LIMITS = {
  name: 120,
  email: 254,
  password: 200,
  search: 200,
} as const;

export const PAGING = {
  maxLimit: 100,
  users: { options: [10, 20, 50], defaultLimit: 10, defaultSort: 'created_at', defaultOrder: 'desc' },
} as const;

export const USER_SORT_KEYS = ['created_at', 'name', 'email'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
