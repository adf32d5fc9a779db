-- The API token beside (not instead of) the person on what names an author outside the change
-- log: an order's and a request's history and the staff notes (ADR 0019). Each takes it from the
-- session's stockroom.token, the setting the change log's triggers read (server/history/actor.ts),
-- so every writer records it without passing it down, and a row and its change-log entry always
-- name the same token. Like change_log.token_id it has no foreign key, so the row outlives the token.
ALTER TABLE "order_events" ADD COLUMN "token_id" integer DEFAULT nullif(current_setting('stockroom.token', true), '')::integer;--> statement-breakpoint
ALTER TABLE "order_notes" ADD COLUMN "token_id" integer DEFAULT nullif(current_setting('stockroom.token', true), '')::integer;--> statement-breakpoint
ALTER TABLE "inquiry_events" ADD COLUMN "token_id" integer DEFAULT nullif(current_setting('stockroom.token', true), '')::integer;--> statement-breakpoint
ALTER TABLE "inquiry_notes" ADD COLUMN "token_id" integer DEFAULT nullif(current_setting('stockroom.token', true), '')::integer;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD COLUMN "token_id" integer DEFAULT nullif(current_setting('stockroom.token', true), '')::integer;--> statement-breakpoint
ALTER TABLE "company_notes" ADD COLUMN "token_id" integer DEFAULT nullif(current_setting('stockroom.token', true), '')::integer;
