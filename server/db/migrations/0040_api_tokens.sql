-- API tokens (ADR 0019): credentials for programs, each with a role whose permissions are its
-- rights. Only the SHA-256 of the secret is kept; the secret is shown once when made. A revoked
-- token keeps its row (who made it, when it was last used) and is never shown again; a role
-- held by a live token cannot be deleted.
CREATE TABLE "api_tokens" (
  "id" serial PRIMARY KEY NOT NULL,
  "name" text NOT NULL,
  "role" text NOT NULL,
  "token_hash" text NOT NULL,
  "created_by" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone,
  "last_used_at" timestamp with time zone,
  "last_used_ip" text,
  "revoked_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_role_roles_key_fk" FOREIGN KEY ("role") REFERENCES "public"."roles"("key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every request with a token finds it by its hash.
CREATE UNIQUE INDEX "api_tokens_hash_key" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
-- The list (live tokens, newest first) and a role's holders; the full index on role is what
-- the foreign key's check on a role's delete reads.
CREATE INDEX "api_tokens_live_idx" ON "api_tokens" USING btree ("created_at", "id") WHERE "revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "api_tokens_role_idx" ON "api_tokens" USING btree ("role", "id");--> statement-breakpoint
CREATE INDEX "api_tokens_created_by_idx" ON "api_tokens" USING btree ("created_by");--> statement-breakpoint
-- The author of a change made with a token: the token, beside (not instead of) a person. Like
-- actor_id it has no foreign key, so an entry outlives what wrote it.
ALTER TABLE "change_log" ADD COLUMN "token_id" integer;--> statement-breakpoint
CREATE INDEX "change_log_token_idx" ON "change_log" USING btree ("token_id", "id") WHERE "token_id" IS NOT NULL;--> statement-breakpoint
-- A CSV import started with a token runs later as a job: the job keeps the token, so the rows
-- it writes are logged under it.
ALTER TABLE "jobs" ADD COLUMN "created_by_token" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_token_api_tokens_id_fk" FOREIGN KEY ("created_by_token") REFERENCES "public"."api_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- 0031's statement with the session's stockroom.token written beside stockroom.actor.
CREATE OR REPLACE FUNCTION stockroom_log_sql(entries text, merge boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'INSERT INTO change_log AS c (actor_id, token_id, entity_type, entity_id, action, changes, batch_id) '
    || 'SELECT s.actor, s.token, $1, e.id, coalesce(s.action, e.action), e.changes, s.batch '
    || 'FROM (SELECT nullif(current_setting(''stockroom.actor'', true), '''')::integer AS actor, '
    || 'nullif(current_setting(''stockroom.token'', true), '''')::integer AS token, '
    || 'nullif(current_setting(''stockroom.action'', true), '''') AS action, '
    || 'nullif(current_setting(''stockroom.batch'', true), '''')::bigint AS batch OFFSET 0) s, '
    || '(' || entries || ' OFFSET 0) e(id, action, changes) WHERE e.changes <> ''{}''::jsonb'
    || CASE WHEN merge THEN ' ON CONFLICT (tx, entity_type, entity_id) DO UPDATE SET '
      || 'changes = stockroom_merge_changes(c.changes, excluded.changes), '
      || 'action = CASE WHEN c.action IN (''delete'', ''trash'') THEN c.action '
      || 'WHEN excluded.action IN (''delete'', ''trash'') THEN excluded.action '
      || 'WHEN c.action IN (''create'', ''restore'') THEN c.action ELSE excluded.action END'
    ELSE '' END
$$;--> statement-breakpoint
-- Making and revoking a token is in the change log; its use (last_used_*) is not, and its hash
-- is never written there.
CREATE TRIGGER api_tokens_log_added AFTER INSERT ON api_tokens REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_rows('api_token', 'last_used_at', 'last_used_ip', 'secret:token_hash');--> statement-breakpoint
CREATE TRIGGER api_tokens_log_changed AFTER UPDATE ON api_tokens REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_rows('api_token', 'last_used_at', 'last_used_ip', 'secret:token_hash');--> statement-breakpoint
CREATE TRIGGER api_tokens_log_removed AFTER DELETE ON api_tokens REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_rows('api_token', 'last_used_at', 'last_used_ip', 'secret:token_hash');
