-- The buyer portal (ADR 0023): one-time sign-in links and buyer sessions, each kept as a SHA-256
-- of its secret only, in tables of their own, apart from staff users, staff sessions and API
-- tokens, so no buyer credential can ever be read as a staff one.
CREATE TABLE "account_links" (
  "id" serial PRIMARY KEY NOT NULL,
  "customer_id" integer NOT NULL,
  "token_hash" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  -- Set once, by the statement that exchanges the link for a session: a link works once.
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_links_token_key" ON "account_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_links_customer_idx" ON "account_links" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "account_links_expires_idx" ON "account_links" USING btree ("expires_at");--> statement-breakpoint
CREATE TABLE "account_sessions" (
  "id" serial PRIMARY KEY NOT NULL,
  "customer_id" integer NOT NULL,
  "token_hash" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "account_sessions" ADD CONSTRAINT "account_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_sessions_token_key" ON "account_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_sessions_customer_idx" ON "account_sessions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "account_sessions_expires_idx" ON "account_sessions" USING btree ("expires_at");
