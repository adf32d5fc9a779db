-- Roles: a user's rights are the permission codes of its role (domain/permissions.ts). The
-- built-in roles are rows like any other, seeded here, so a user's role is always a row and the
-- foreign key keeps a role held by users from being deleted. Admin and Editor keep exactly the
-- rights the two fixed roles had.
CREATE TABLE "roles" (
  "id" serial PRIMARY KEY NOT NULL,
  "key" text NOT NULL,
  "name" text NOT NULL,
  "permissions" text[] DEFAULT '{}'::text[] NOT NULL,
  "built_in" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "roles_key_format" CHECK ("key" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);--> statement-breakpoint
CREATE UNIQUE INDEX "roles_key_key" ON "roles" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_key" ON "roles" USING btree (lower("name"));--> statement-breakpoint
INSERT INTO "roles" ("key", "name", "permissions", "built_in") VALUES
  ('admin', 'Admin', ARRAY['catalogue.read', 'product.edit', 'product.price', 'product.publish', 'product.delete', 'category.edit', 'brand.edit', 'discount.edit', 'import.run', 'export.run', 'inquiry.read', 'inquiry.work', 'quote.edit', 'quote.send', 'order.read', 'order.work', 'history.read', 'history.restore', 'trash.restore', 'trash.purge', 'user.manage', 'role.manage', 'outbox.read', 'settings.manage']::text[], true),
  ('editor', 'Editor', ARRAY['catalogue.read', 'product.edit', 'product.price', 'product.publish', 'product.delete', 'category.edit', 'brand.edit', 'discount.edit', 'import.run', 'export.run', 'inquiry.read', 'inquiry.work', 'quote.edit', 'quote.send', 'order.read', 'order.work', 'history.read', 'history.restore', 'trash.restore']::text[], true),
  ('sales', 'Sales', ARRAY['catalogue.read', 'export.run', 'inquiry.read', 'inquiry.work', 'quote.edit', 'quote.send', 'order.read', 'order.work']::text[], true),
  ('viewer', 'Viewer', ARRAY['catalogue.read', 'inquiry.read', 'order.read', 'history.read']::text[], true);--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_fkey" FOREIGN KEY ("role") REFERENCES "roles"("key") ON DELETE RESTRICT ON UPDATE NO ACTION;--> statement-breakpoint
-- The Users screen's role filter and the count of each role's holders.
CREATE INDEX "users_role_idx" ON "users" USING btree ("role", "id");--> statement-breakpoint
-- Every change to a role is in the change log with who made it, like a user's (0028).
CREATE TRIGGER roles_log_added AFTER INSERT ON roles REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_rows('role');--> statement-breakpoint
CREATE TRIGGER roles_log_changed AFTER UPDATE ON roles REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_rows('role');--> statement-breakpoint
CREATE TRIGGER roles_log_removed AFTER DELETE ON roles REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_rows('role');
