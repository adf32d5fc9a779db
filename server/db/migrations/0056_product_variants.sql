-- Products with options and variants (docs/decisions/0029-product-variants.md). A product has up
-- to three options (Size, Length, Finish), each with ordered values; a variant is one combination
-- of values, with its own SKU and price. Every product has at least one variant: one without
-- options has exactly one, its default, which carries the product's SKU and price.
CREATE TABLE "product_options" (
  "id" serial PRIMARY KEY NOT NULL,
  "product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE cascade,
  "name" text NOT NULL,
  -- 1, 2 or 3: the variant's option1/2/3_value_id column this option fills.
  "position" integer NOT NULL,
  CONSTRAINT "product_options_position_check" CHECK ("position" BETWEEN 1 AND 3)
);--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_position_key" ON "product_options" ("product_id", "position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_name_key" ON "product_options" ("product_id", lower("name"));--> statement-breakpoint
CREATE TABLE "product_option_values" (
  "id" serial PRIMARY KEY NOT NULL,
  "option_id" integer NOT NULL REFERENCES "product_options"("id") ON DELETE cascade,
  "value" text NOT NULL,
  "position" integer NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "product_option_values_value_key" ON "product_option_values" ("option_id", lower("value"));--> statement-breakpoint
CREATE INDEX "product_option_values_option_idx" ON "product_option_values" ("option_id", "position", "id");--> statement-breakpoint
CREATE TABLE "product_variants" (
  "id" serial PRIMARY KEY NOT NULL,
  "product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE cascade,
  -- Null only where the product has no SKU either (a default variant).
  "sku" text,
  "mrp" numeric(12, 2) DEFAULT '0' NOT NULL,
  "status" text DEFAULT 'active' NOT NULL,
  "image_id" integer REFERENCES "product_images"("id") ON DELETE set null,
  "position" integer DEFAULT 0 NOT NULL,
  -- Spec values that override the product's: [{ "label", "value", "unit" }], or null.
  "spec_values" jsonb,
  "option1_value_id" integer REFERENCES "product_option_values"("id"),
  "option2_value_id" integer REFERENCES "product_option_values"("id"),
  "option3_value_id" integer REFERENCES "product_option_values"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "product_variants_mrp_check" CHECK ("mrp" >= 0),
  CONSTRAINT "product_variants_status_check" CHECK ("status" IN ('active', 'discontinued'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants" ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_combination_key" ON "product_variants" ("product_id", coalesce("option1_value_id", 0), coalesce("option2_value_id", 0), coalesce("option3_value_id", 0));--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" ("product_id", "position", "id");--> statement-breakpoint
CREATE INDEX "product_variants_value1_idx" ON "product_variants" ("option1_value_id") WHERE "option1_value_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "product_variants_value2_idx" ON "product_variants" ("option2_value_id") WHERE "option2_value_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "product_variants_value3_idx" ON "product_variants" ("option3_value_id") WHERE "option3_value_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "product_variants_image_idx" ON "product_variants" ("image_id") WHERE "image_id" IS NOT NULL;--> statement-breakpoint
-- The highest variant price where the variants' prices differ (mrp is the lowest), else null: the
-- lists say "from" where it is set.
ALTER TABLE "products" ADD COLUMN "mrp_max" numeric(12, 2);--> statement-breakpoint
-- Every existing product gets its default variant.
INSERT INTO "product_variants" ("product_id", "sku", "mrp", "position", "created_at", "updated_at")
  SELECT "id", "sku", "mrp", 0, "created_at", "updated_at" FROM "products";--> statement-breakpoint
-- A line names the variant it was for and keeps its options as they read then
-- ([{ "name", "value" }] in the options' order), so it reads the same after the variant changes.
ALTER TABLE "inquiry_lines" ADD COLUMN "variant_id" integer REFERENCES "product_variants"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "inquiry_lines" ADD COLUMN "options" jsonb;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "variant_id" integer REFERENCES "product_variants"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "options" jsonb;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_id" integer REFERENCES "product_variants"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "options" jsonb;--> statement-breakpoint
ALTER TABLE "quote_template_lines" ADD COLUMN "variant_id" integer REFERENCES "product_variants"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "quote_template_lines" ADD COLUMN "options" jsonb;--> statement-breakpoint
CREATE INDEX "inquiry_lines_variant_idx" ON "inquiry_lines" ("variant_id") WHERE "variant_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "quote_lines_variant_idx" ON "quote_lines" ("variant_id") WHERE "variant_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "order_lines_variant_idx" ON "order_lines" ("variant_id") WHERE "variant_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "quote_template_lines_variant_idx" ON "quote_template_lines" ("variant_id") WHERE "variant_id" IS NOT NULL;--> statement-breakpoint

-- A SKU is unique across products and variants: a product's SKU may be only its own variants'.
-- Raised as the unique index's violation, so the services' 409 reads one constraint name each.
CREATE FUNCTION stockroom_variant_sku_free() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sku IS NOT NULL AND EXISTS (SELECT 1 FROM products WHERE sku = NEW.sku AND id <> NEW.product_id) THEN
    RAISE EXCEPTION 'SKU % is another product''s', NEW.sku
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'product_variants_sku_key';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER product_variants_sku_free BEFORE INSERT OR UPDATE OF sku ON product_variants FOR EACH ROW EXECUTE FUNCTION stockroom_variant_sku_free();--> statement-breakpoint
CREATE FUNCTION stockroom_product_sku_free() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sku IS NOT NULL AND EXISTS (SELECT 1 FROM product_variants WHERE sku = NEW.sku AND product_id <> NEW.id) THEN
    RAISE EXCEPTION 'SKU % is another product''s variant''s', NEW.sku
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'products_sku_key';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_sku_free BEFORE INSERT OR UPDATE OF sku ON products FOR EACH ROW EXECUTE FUNCTION stockroom_product_sku_free();--> statement-breakpoint

-- A new product gets its default variant, whoever inserts it (the editor, a duplicate, an import,
-- seed:large), unless the writer says it brings its own variants (a restore from the trash sets
-- stockroom.own_variants for its transaction).
CREATE FUNCTION stockroom_default_variant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('stockroom.own_variants', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO product_variants (product_id, sku, mrp, position, created_at, updated_at)
    SELECT id, sku, mrp, 0, created_at, updated_at FROM added;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_default_variant AFTER INSERT ON products REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_default_variant();--> statement-breakpoint

-- A product without options: its SKU and price written on the product (the spec's PUT, a bulk
-- price change, an import) are its default variant's.
CREATE FUNCTION stockroom_default_variant_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement trigger fires for an update of no rows too: stop there, or the two triggers that
  -- keep products and variants in step would call each other for ever.
  IF NOT EXISTS (SELECT 1 FROM added) THEN RETURN NULL; END IF;
  UPDATE product_variants v SET sku = n.sku, mrp = n.mrp, updated_at = now()
    FROM added n
    WHERE v.product_id = n.id
      AND (v.sku IS DISTINCT FROM n.sku OR v.mrp <> n.mrp)
      AND NOT EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = n.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_default_variant_follows AFTER UPDATE ON products REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_default_variant_follows();--> statement-breakpoint

-- A product's mrp is its lowest active variant's price (its lowest of all when none is active) and
-- mrp_max the highest where it differs; a product without options also takes its variant's SKU.
-- Writing the product row marks its stored price due as any price edit does.
CREATE FUNCTION stockroom_variants_priced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM changed) THEN RETURN NULL; END IF;
  WITH span AS (
    SELECT v.product_id,
      coalesce(min(v.mrp) FILTER (WHERE v.status = 'active'), min(v.mrp)) AS low,
      coalesce(max(v.mrp) FILTER (WHERE v.status = 'active'), max(v.mrp)) AS top,
      count(*) = 1 AND NOT EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = v.product_id) AS single,
      min(v.sku) AS only_sku
    FROM product_variants v
    WHERE v.product_id IN (SELECT product_id FROM changed)
    GROUP BY v.product_id
  )
  UPDATE products p SET
      mrp = s.low,
      mrp_max = nullif(s.top, s.low),
      sku = CASE WHEN s.single THEN s.only_sku ELSE p.sku END
    FROM span s
    WHERE p.id = s.product_id
      AND (p.mrp <> s.low OR p.mrp_max IS DISTINCT FROM nullif(s.top, s.low)
        OR (s.single AND p.sku IS DISTINCT FROM s.only_sku));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_variants_priced_in AFTER INSERT ON product_variants REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_variants_priced();--> statement-breakpoint
CREATE TRIGGER product_variants_priced_moved AFTER UPDATE ON product_variants REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_variants_priced();--> statement-breakpoint
CREATE TRIGGER product_variants_priced_out AFTER DELETE ON product_variants REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_variants_priced();
--> statement-breakpoint
-- The bundles and shop pages carry options and variants: their writes empty the kept copies.
CREATE TRIGGER product_options_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_options FOR EACH STATEMENT EXECUTE FUNCTION stockroom_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER product_option_values_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_option_values FOR EACH STATEMENT EXECUTE FUNCTION stockroom_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER product_variants_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variants FOR EACH STATEMENT EXECUTE FUNCTION stockroom_catalogue_changed();
