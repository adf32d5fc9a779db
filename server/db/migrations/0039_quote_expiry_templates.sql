-- A sent quote past the end of its valid_until day (in the seller's TIMEZONE) is moved to
-- 'expired' by the scheduled job, once: the job's UPDATE takes only rows still 'sent', so two
-- processes racing each move a quote at most once between them. expired_at says when.
ALTER TABLE "quotes" DROP CONSTRAINT "quotes_status_check";--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('draft', 'sent', 'accepted', 'declined', 'changes_requested', 'superseded', 'expired'));--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
-- The customer's reminder before expiry is sent once: the job sets this in the same conditional
-- UPDATE (reminded_at is null) and transaction that writes the message to the outbox.
ALTER TABLE "quotes" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
-- The job's scan: the sent quotes by their last day, a small part of the table.
CREATE INDEX "quotes_sent_valid_idx" ON "quotes" USING btree ("valid_until", "id") WHERE "quotes"."status" = 'sent';--> statement-breakpoint
-- A request's history records a quote that expired (its version in "to").
ALTER TABLE "inquiry_events" DROP CONSTRAINT "inquiry_events_kind_check";--> statement-breakpoint
ALTER TABLE "inquiry_events" ADD CONSTRAINT "inquiry_events_kind_check" CHECK ("inquiry_events"."kind" in ('status', 'owner', 'quote_expired'));--> statement-breakpoint
-- A quote's lines, note and terms kept under a name, to start new drafts from. Each line keeps the
-- product it was priced from: a draft started from the template prices it again from today's rule.
CREATE TABLE "quote_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"shipping" numeric(12, 2) DEFAULT '0' NOT NULL,
	"shipping_label" text,
	"tax_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"note" text,
	"terms" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_templates_tax_rate_check" CHECK ("quote_templates"."tax_rate" between 0 and 100),
	CONSTRAINT "quote_templates_shipping_check" CHECK ("quote_templates"."shipping" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quote_template_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer,
	"name" text NOT NULL,
	"sku" text,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "quote_template_lines_quantity_check" CHECK ("quote_template_lines"."quantity" between 1 and 9999),
	CONSTRAINT "quote_template_lines_unit_price_check" CHECK ("quote_template_lines"."unit_price" >= 0),
	CONSTRAINT "quote_template_lines_discount_check" CHECK ("quote_template_lines"."discount_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "quote_templates" ADD CONSTRAINT "quote_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_template_lines" ADD CONSTRAINT "quote_template_lines_template_id_quote_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."quote_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_template_lines" ADD CONSTRAINT "quote_template_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- One name once, however it is capitalised; the list reads in this order.
CREATE UNIQUE INDEX "quote_templates_name_key" ON "quote_templates" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "quote_template_lines_position_key" ON "quote_template_lines" USING btree ("template_id", "position");--> statement-breakpoint
CREATE INDEX "quote_template_lines_product_idx" ON "quote_template_lines" USING btree ("product_id");
