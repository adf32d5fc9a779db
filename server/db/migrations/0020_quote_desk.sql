CREATE TABLE "inquiry_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"kind" text NOT NULL,
	"from" text,
	"to" text,
	"close_reason" text,
	CONSTRAINT "inquiry_events_kind_check" CHECK ("inquiry_events"."kind" in ('status', 'owner')),
	CONSTRAINT "inquiry_events_close_reason_check" CHECK ("inquiry_events"."close_reason" is null or "inquiry_events"."close_reason" in ('lost', 'spam', 'duplicate', 'other'))
);
--> statement-breakpoint
CREATE TABLE "inquiry_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer,
	"name" text NOT NULL,
	"sku" text,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "quote_lines_quantity_check" CHECK ("quote_lines"."quantity" between 1 and 9999),
	CONSTRAINT "quote_lines_unit_price_check" CHECK ("quote_lines"."unit_price" >= 0),
	CONSTRAINT "quote_lines_discount_check" CHECK ("quote_lines"."discount_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL,
	"version" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"token" text,
	"currency" text NOT NULL,
	"shipping" numeric(12, 2) DEFAULT '0' NOT NULL,
	"shipping_label" text,
	"tax_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"valid_until" date NOT NULL,
	"note" text,
	"terms" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"answer_kind" text,
	"answer_name" text,
	"answer_message" text,
	"answer_address" text,
	"revised_from" integer,
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('draft', 'sent', 'accepted', 'declined', 'changes_requested', 'superseded')),
	CONSTRAINT "quotes_answer_kind_check" CHECK ("quotes"."answer_kind" is null or "quotes"."answer_kind" in ('accepted', 'declined', 'changes_requested')),
	CONSTRAINT "quotes_sent_check" CHECK (("quotes"."status" = 'draft') = ("quotes"."version" is null and "quotes"."token" is null)),
	CONSTRAINT "quotes_tax_rate_check" CHECK ("quotes"."tax_rate" between 0 and 100),
	CONSTRAINT "quotes_shipping_check" CHECK ("quotes"."shipping" >= 0)
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "close_reason" text;--> statement-breakpoint
ALTER TABLE "inquiry_events" ADD CONSTRAINT "inquiry_events_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_events" ADD CONSTRAINT "inquiry_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_notes" ADD CONSTRAINT "inquiry_notes_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_notes" ADD CONSTRAINT "inquiry_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_revised_from_quotes_id_fk" FOREIGN KEY ("revised_from") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiry_events_inquiry_idx" ON "inquiry_events" USING btree ("inquiry_id","id");--> statement-breakpoint
CREATE INDEX "inquiry_notes_inquiry_idx" ON "inquiry_notes" USING btree ("inquiry_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_lines_quote_position_key" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE INDEX "quote_lines_product_idx" ON "quote_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_inquiry_version_key" ON "quotes" USING btree ("inquiry_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_token_key" ON "quotes" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_one_draft_key" ON "quotes" USING btree ("inquiry_id") WHERE "quotes"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "quotes_inquiry_idx" ON "quotes" USING btree ("inquiry_id","id");--> statement-breakpoint
CREATE INDEX "quotes_sent_idx" ON "quotes" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "quotes_answered_idx" ON "quotes" USING btree ("answered_at");--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_status_idx" ON "inquiries" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "inquiries_owner_idx" ON "inquiries" USING btree ("owner_id","created_at","id");--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_status_check" CHECK ("inquiries"."status" in ('new', 'open', 'quoted', 'accepted', 'declined', 'closed'));--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_close_reason_check" CHECK ("inquiries"."close_reason" is null or "inquiries"."close_reason" in ('lost', 'spam', 'duplicate', 'other'));