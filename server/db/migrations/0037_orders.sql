-- Orders: what an accepted quote becomes, written in the acceptance's transaction (one per quote,
-- held by orders_quote_key). An order copies the accepted version's lines and totals and the
-- customer as they were, so neither a later change nor a deleted request or product changes it:
-- its links to the quote, the request and the products are set null when those go.
CREATE SEQUENCE "orders_number_seq";--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer DEFAULT nextval('orders_number_seq') NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"cancel_reason" text,
	"reference" text NOT NULL,
	"inquiry_id" integer,
	"quote_id" integer,
	"quote_version" integer NOT NULL,
	"owner_id" integer,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_company" text,
	"signed_by" text NOT NULL,
	"po_number" text,
	"billing_address" text,
	"shipping_address" text,
	"currency" text NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"shipping" numeric(12, 2) NOT NULL,
	"shipping_label" text,
	"tax_rate" numeric(5, 2) NOT NULL,
	"tax" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('confirmed', 'in_progress', 'shipped', 'completed', 'cancelled')),
	CONSTRAINT "orders_cancel_reason_check" CHECK (("orders"."status" = 'cancelled') = ("orders"."cancel_reason" is not null))
);
--> statement-breakpoint
ALTER SEQUENCE "orders_number_seq" OWNED BY "orders"."number";--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer,
	"sku" text,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"line_total" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"from" text,
	"to" text NOT NULL,
	"cancel_reason" text
);
--> statement-breakpoint
CREATE TABLE "order_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- One order per quote, whatever races: the second of two acceptances waits on the quote's row
-- lock and then finds it answered; this key is the last word if anything ever slipped past.
CREATE UNIQUE INDEX "orders_quote_key" ON "orders" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
-- The list's orders (newest first by default, by total) and filters, each an index range in that order.
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_owner_idx" ON "orders" USING btree ("owner_id","created_at","id");--> statement-breakpoint
-- A request's order (its page and the quote's), and a search by the request's reference.
CREATE INDEX "orders_inquiry_idx" ON "orders" USING btree ("inquiry_id","id");--> statement-breakpoint
CREATE INDEX "orders_reference_idx" ON "orders" USING btree ("reference");--> statement-breakpoint
-- The search's substrings: company, e-mail, PO number and the customer's name.
CREATE INDEX "orders_company_trgm" ON "orders" USING gin ("customer_company" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "orders_email_trgm" ON "orders" USING gin ("customer_email" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "orders_po_number_trgm" ON "orders" USING gin ("po_number" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "orders_name_trgm" ON "orders" USING gin ("customer_name" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_position_key" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_events_actor_idx" ON "order_events" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_notes_author_idx" ON "order_notes" USING btree ("author_id");--> statement-breakpoint
-- The acceptance form's settings, one row: which of its order fields the customer must fill.
CREATE TABLE "order_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"required_fields" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_settings_one_row" CHECK ("order_settings"."id"),
	CONSTRAINT "order_settings_fields_check" CHECK ("order_settings"."required_fields" <@ ARRAY['po_number', 'billing_address', 'shipping_address']::text[])
);
