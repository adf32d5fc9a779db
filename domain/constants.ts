/** Limits and keys that the server and the web app must agree on. */

/**
 * Every key the browsers keep state under. The app's own are `stockroom.<area>.<name>`; the
 * session's two keep the names the API's clients and the browser suites already read.
 */
export const STORAGE_KEYS = {
  token: 'user_token',
  userData: 'userData',
  /** The shop visitor's quote basket (web/shop/basket.ts): its lines, as JSON. */
  basket: 'stockroom.shop.basket',
  /** The buyer portal's session token (web/api/account.ts): apart from the staff's `token`. */
  buyerToken: 'stockroom.account.token',
  /** The staff app's light/dark choice (web/shell/colorScheme.ts, web/public/color-scheme.js). */
  colorScheme: 'stockroom.shell.colorScheme',
  /** The products import being followed, for the tab's session (sessionStorage). */
  importRun: 'stockroom.products.import',
} as const;

/** Where an earlier version kept a choice worth keeping: read when today's key is empty. */
export const FORMER_STORAGE_KEYS = {
  basket: 'stockroom_quote_basket',
  colorScheme: 'stockroom-color-scheme',
} as const;

export const PASSWORD_MIN_LENGTH = 6;

/**
 * Days a deleted product, category, brand or discount stays in the trash before it is purged:
 * the scheduled purge and every delete confirmation read this one number.
 */
export const TRASH_RETENTION_DAYS = 30;

/** The largest row id: ids are PostgreSQL integers. */
export const MAX_ID = 2_147_483_647;

/** The highest page number any list takes; the web app reads a higher one in its URL as page 1. */
export const MAX_PAGE = 1_000_000;

/** The largest price NUMERIC(12,2) holds, in cents. */
export const MAX_PRICE_CENTS = 999_999_999_999;

/** A role's key: a built-in role (domain/permissions.ts) or a custom one named by an admin. */
export type Role = string;
export const DEFAULT_ROLE: Role = 'editor';
/** A role key: lower-case letters and digits, words joined by single dashes. */
export const ROLE_KEY_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const ROLE_KEY_MAX = 60;

/** Upper bounds on free text, so nobody can store a megabyte in a name. */
export const TEXT_LIMITS = {
  name: 120,
  email: 254,
  password: 200,
  search: 200,
  description: 5000,
} as const;

export const PAGING = {
  maxLimit: 100,
  users: { options: [10, 20, 50], defaultLimit: 10, defaultSort: 'created_at', defaultOrder: 'desc' },
  categories: { options: [10, 20, 50], defaultLimit: 20, defaultSort: 'sort_order', defaultOrder: 'asc' },
  brands: { options: [10, 20, 50], defaultLimit: 10, defaultSort: 'created_at', defaultOrder: 'desc' },
  /** Public option lists (selects) may ask for up to 1000 rows; bigger sets search as the user types. */
  optionsMaxLimit: 1000,
  /**
   * Lists count matches exactly up to this many; beyond it meta.total is the planner's estimate
   * and meta.total_exact is false (a broad search must not count 200,000 rows).
   */
  exactCountCap: 1_000,
} as const;

export const CATEGORY_SORT_KEYS = ['sort_order', 'name', 'slug', 'depth', 'created_at'] as const;
export type CategorySortKey = (typeof CATEGORY_SORT_KEYS)[number];

export const BRAND_SORT_KEYS = ['created_at', 'updated_at', 'name', 'slug'] as const;
export type BrandSortKey = (typeof BRAND_SORT_KEYS)[number];

export const USER_SORT_KEYS = ['created_at', 'name', 'email'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * Lengths of what an order holds beyond its quote (domain/orders.ts), here so the customer's quote
 * page can bound its form without loading the schemas.
 */
export const ORDER_LIMITS = {
  poNumber: 100,
  /** Each address is a free-text block (several lines). */
  address: 500,
  cancelReason: 2000,
  /** Why staff took an order one step back (order.manage). */
  stepBackReason: 2000,
} as const;

/**
 * Lengths of a customer's and a company's fields as staff edit them (domain/customers.ts); the
 * phone and the company name are as long as a quote request's (domain/inquiries.ts).
 */
export const CUSTOMER_LIMITS = {
  phone: 40,
  companyName: 200,
  website: 300,
  address: 500,
} as const;
