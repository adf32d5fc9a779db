import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
