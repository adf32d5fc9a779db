-- Products' deep pages start from a remembered row (server/modules/products/page-starts.ts). Such a
-- start is valid while no row has been added, removed or moved in the list's order, so the
-- triggers that keep table_counts.n also bump a version, in the writer's own transaction; the
-- page's statement reads it in its own snapshot and falls back when it differs.
ALTER TABLE "table_counts" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION stockroom_rows_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k integer;
BEGIN
  SELECT count(*) INTO k FROM changed;
  -- A statement that touched no row must not lock the shared counter row.
  IF k > 0 THEN UPDATE table_counts SET n = n + k, version = version + 1 WHERE table_name = TG_TABLE_NAME; END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION stockroom_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k integer;
BEGIN
  SELECT count(*) INTO k FROM changed;
  IF k > 0 THEN UPDATE table_counts SET n = n - k, version = version + 1 WHERE table_name = TG_TABLE_NAME; END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION stockroom_rows_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_counts SET n = 0, version = version + 1 WHERE table_name = TG_TABLE_NAME;
  IF TG_TABLE_NAME = 'inquiries' THEN DELETE FROM inquiry_days; END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The app never changes created_at; a script that does moves rows in the products list's order.
-- Once per statement that sets the column, without looking at the rows: a statement trigger that
-- joined its transition tables to find real moves ran that join as a nested loop, and updating
-- 20,000 rows took 23.8 s (a row trigger bumping per moved row: 3.6 s). A statement that sets
-- created_at to what it was only costs the remembered starts.
CREATE FUNCTION stockroom_order_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_counts SET version = version + 1 WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_order_moved AFTER UPDATE OF created_at ON products FOR EACH STATEMENT EXECUTE FUNCTION stockroom_order_moved();
