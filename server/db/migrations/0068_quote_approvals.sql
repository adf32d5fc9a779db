-- Quote approvals (docs/decisions/0033-quote-approvals.md): the seller's two thresholds, one row
-- (both null, off, until set); on a quote, where its approval stands (null until asked, and again
-- after a change voids it), who asked and why, who decided and what they said.
CREATE TABLE "quote_approval_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"max_discount_percent" numeric(5, 2),
	"max_total" numeric(14, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_approval_settings_one_row" CHECK ("quote_approval_settings"."id"),
	CONSTRAINT "quote_approval_settings_percent_check" CHECK ("quote_approval_settings"."max_discount_percent" is null or "quote_approval_settings"."max_discount_percent" between 0 and 100),
	CONSTRAINT "quote_approval_settings_total_check" CHECK ("quote_approval_settings"."max_total" is null or "quote_approval_settings"."max_total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "approval_status" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "approval_requested_by" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "approval_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "approval_note" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "approval_decided_by" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "approval_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "approval_reply" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_approval_requested_by_users_id_fk" FOREIGN KEY ("approval_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_approval_decided_by_users_id_fk" FOREIGN KEY ("approval_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_approval_status_check" CHECK ("quotes"."approval_status" is null or "quotes"."approval_status" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
-- The approvers' list (GET /api/quotes?approval=pending) pages one state's quotes by their
-- creation, newest first; the unfiltered list pages all quotes the same way.
CREATE INDEX "quotes_approval_idx" ON "quotes" USING btree ("approval_status","created_at","id") WHERE "quotes"."approval_status" is not null;--> statement-breakpoint
CREATE INDEX "quotes_approval_requested_idx" ON "quotes" USING btree ("approval_status","approval_requested_at","id") WHERE "quotes"."approval_status" is not null;--> statement-breakpoint
CREATE INDEX "quotes_created_idx" ON "quotes" USING btree ("created_at","id");--> statement-breakpoint
-- Each step of an approval is in its request's history (the quote's id in "from", the note or
-- reason in "to").
ALTER TABLE "inquiry_events" DROP CONSTRAINT "inquiry_events_kind_check";--> statement-breakpoint
ALTER TABLE "inquiry_events" ADD CONSTRAINT "inquiry_events_kind_check" CHECK ("inquiry_events"."kind" in ('status', 'owner', 'quote_expired', 'approval_requested', 'quote_approved', 'quote_rejected'));--> statement-breakpoint
-- Approving quotes is its own permission, quote.approve (domain/permissions.ts): the built-in
-- Admin holds it; Sales, Editor and Viewer do not, and custom roles are left as they are.
UPDATE "roles" SET "permissions" = array_append("permissions", 'quote.approve'), "updated_at" = now()
  WHERE "built_in" AND "key" = 'admin' AND NOT ('quote.approve' = ANY ("permissions"));
