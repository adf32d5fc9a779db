import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    // Stored lower-cased by the domain schema, so the unique index is case-insensitive in effect.
    email: text('email').notNull(),
    role: text('role', { enum: ['editor', 'admin'] })
      .notNull()
      .default('editor'),
    password_hash: text('password_hash').notNull(),
    // Bumped on password change: tokens carry the version they were issued under (DESIGN.md §4).
    token_version: integer('token_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The Users screen sorts by each of these with id as the tie-breaker.
    index('users_created_at_idx').on(t.created_at, t.id),
    index('users_name_idx').on(sql`lower(${t.name})`, t.id),
    check('users_role_check', sql`${t.role} in ('editor', 'admin')`),
  ],
);

/** One row per stored image file pair, shared by every row that shows the same picture. */
export const images = pgTable('images', {
  key: text('key').primaryKey(),
  ref_count: integer('ref_count').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    // Deleting a parent makes its children roots (DESIGN.md §4); the service recomputes them.
    parent_id: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
    depth: integer('depth').notNull().default(0),
    sort_order: integer('sort_order').notNull().default(0),
    image_url: text('image_url'),
    description: text('description'),
    /** Ancestor slugs and its own, joined by '/'. */
    path: text('path').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('categories_slug_key').on(t.slug),
    index('categories_parent_idx').on(t.parent_id, t.sort_order, t.id),
    index('categories_sort_idx').on(t.sort_order, t.id),
    index('categories_name_idx').on(sql`lower(${t.name})`, t.id),
    index('categories_depth_idx').on(t.depth, t.id),
    index('categories_created_idx').on(t.created_at, t.id),
    index('categories_path_idx').on(t.path),
  ],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    logo_url: text('logo_url'),
    description: text('description'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('brands_slug_key').on(t.slug),
    index('brands_name_idx').on(sql`lower(${t.name})`, t.id),
    index('brands_created_idx').on(t.created_at, t.id),
    index('brands_updated_idx').on(t.updated_at, t.id),
  ],
);
