CREATE TABLE "health_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
-- The dashboard's health totals, kept like table_counts (migration 0007): statement triggers on
-- products add what a statement's new rows count and take away what its old rows counted, in the
-- writer's transaction, so every writer keeps them (the app, image triggers, ON DELETE SET NULL,
-- the seed, scripts). The conditions are the dashboard's lists' (dashboard.service.ts) and their
-- partial indexes' (migration 0006): a product without images, and one without a category or a
-- brand.
INSERT INTO "health_counts" ("name", "n")
  SELECT 'products_without_images', count(*)::int FROM "products" WHERE "image_count" = 0
  UNION ALL
  SELECT 'products_without_taxonomy', count(*)::int FROM "products"
    WHERE "category_id" IS NULL OR "brand_id" IS NULL;--> statement-breakpoint
-- Each aggregate reads its transition table once, with no join: a statement trigger that joined
-- its transition tables ran as a nested loop (migration 0013).
CREATE FUNCTION stockroom_products_health() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  no_images integer := 0;
  no_taxonomy integer := 0;
  gone_images integer := 0;
  gone_taxonomy integer := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT count(*) FILTER (WHERE image_count = 0),
           count(*) FILTER (WHERE category_id IS NULL OR brand_id IS NULL)
      INTO no_images, no_taxonomy FROM added;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT count(*) FILTER (WHERE image_count = 0),
           count(*) FILTER (WHERE category_id IS NULL OR brand_id IS NULL)
      INTO gone_images, gone_taxonomy FROM removed;
  END IF;
  -- A statement that moved neither total (most edits) must not lock the shared rows.
  IF no_images <> gone_images THEN
    UPDATE health_counts SET n = n + no_images - gone_images WHERE name = 'products_without_images';
  END IF;
  IF no_taxonomy <> gone_taxonomy THEN
    UPDATE health_counts SET n = n + no_taxonomy - gone_taxonomy WHERE name = 'products_without_taxonomy';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION stockroom_products_health_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE health_counts SET n = 0 WHERE name IN ('products_without_images', 'products_without_taxonomy');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_health_inserted AFTER INSERT ON products REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION stockroom_products_health();--> statement-breakpoint
-- Every update, not UPDATE OF its columns: PostgreSQL gives no transition tables to a trigger
-- with a column list. An update that changes neither total costs two counts of its own rows.
CREATE TRIGGER products_health_updated AFTER UPDATE ON products
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION stockroom_products_health();--> statement-breakpoint
CREATE TRIGGER products_health_deleted AFTER DELETE ON products REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION stockroom_products_health();--> statement-breakpoint
CREATE TRIGGER products_health_truncated AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION stockroom_products_health_truncated();
