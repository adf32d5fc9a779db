-- Prices per customer (docs/decisions/0031-customer-prices.md): quantity breaks on a variant's list
-- price, and price lists (agreements) assigned to companies and customers, each a fixed price per
-- variant and quantity or a percent off the list or break price.
CREATE TABLE "variant_price_tiers" (
  "variant_id" integer NOT NULL REFERENCES "product_variants"("id") ON DELETE cascade,
  "min_quantity" integer NOT NULL,
  "mrp" numeric(12, 2) NOT NULL,
  PRIMARY KEY ("variant_id", "min_quantity"),
  CONSTRAINT "variant_price_tiers_quantity_check" CHECK ("min_quantity" >= 2),
  CONSTRAINT "variant_price_tiers_mrp_check" CHECK ("mrp" >= 0)
);--> statement-breakpoint
CREATE TABLE "price_lists" (
  "id" serial PRIMARY KEY NOT NULL,
  "name" text NOT NULL,
  "type" text NOT NULL,
  "percent" numeric(5, 2),
  "starts_at" timestamp with time zone,
  "ends_at" timestamp with time zone,
  "active" boolean DEFAULT true NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "price_lists_type_check" CHECK ("type" IN ('fixed', 'percent')),
  -- A percent list has its percent; a fixed list has none.
  CONSTRAINT "price_lists_percent_check" CHECK (
    ("type" = 'percent' AND "percent" IS NOT NULL AND "percent" >= 0 AND "percent" <= 100)
    OR ("type" = 'fixed' AND "percent" IS NULL)),
  CONSTRAINT "price_lists_window_check" CHECK ("starts_at" IS NULL OR "ends_at" IS NULL OR "starts_at" <= "ends_at")
);--> statement-breakpoint
-- The list's one order, newest first.
CREATE INDEX "price_lists_created_idx" ON "price_lists" ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "price_lists_name_trgm_idx" ON "price_lists" USING gin ("name" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE TABLE "price_list_companies" (
  "price_list_id" integer NOT NULL REFERENCES "price_lists"("id") ON DELETE cascade,
  "company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
  PRIMARY KEY ("price_list_id", "company_id")
);--> statement-breakpoint
CREATE INDEX "price_list_companies_company_idx" ON "price_list_companies" ("company_id");--> statement-breakpoint
CREATE TABLE "price_list_customers" (
  "price_list_id" integer NOT NULL REFERENCES "price_lists"("id") ON DELETE cascade,
  "customer_id" integer NOT NULL REFERENCES "customers"("id") ON DELETE cascade,
  PRIMARY KEY ("price_list_id", "customer_id")
);--> statement-breakpoint
CREATE INDEX "price_list_customers_customer_idx" ON "price_list_customers" ("customer_id");--> statement-breakpoint
CREATE TABLE "price_list_prices" (
  "price_list_id" integer NOT NULL REFERENCES "price_lists"("id") ON DELETE cascade,
  "variant_id" integer NOT NULL REFERENCES "product_variants"("id") ON DELETE cascade,
  "min_quantity" integer DEFAULT 1 NOT NULL,
  "price" numeric(12, 2) NOT NULL,
  -- The grid's order within a list, and a priced variant's rows for one list.
  PRIMARY KEY ("price_list_id", "variant_id", "min_quantity"),
  CONSTRAINT "price_list_prices_quantity_check" CHECK ("min_quantity" >= 1),
  CONSTRAINT "price_list_prices_price_check" CHECK ("price" >= 0)
);--> statement-breakpoint
-- A variant's rows across lists (a variant deleted, its rows with it).
CREATE INDEX "price_list_prices_variant_idx" ON "price_list_prices" ("variant_id");--> statement-breakpoint
-- Managing price lists is its own permission (domain/permissions.ts): the built-in Admin holds it.
UPDATE "roles" SET "permissions" = array_append("permissions", 'pricelist.manage'), "updated_at" = now()
  WHERE "built_in" AND "key" = 'admin' AND NOT ('pricelist.manage' = ANY ("permissions"));
