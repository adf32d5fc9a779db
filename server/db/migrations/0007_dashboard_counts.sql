-- The dashboard counted every product and inquiry (30 ms each on 100,000 / 200,000 rows) and
-- grouped a month of inquiries by day (78 ms) on each view. Set-based statement triggers keep
-- those figures instead; they roll back with the write that caused them.
CREATE TABLE "inquiry_days" (
	"day" date PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO table_counts (table_name, n)
  SELECT 'products', count(*) FROM products UNION ALL
  SELECT 'categories', count(*) FROM categories UNION ALL
  SELECT 'brands', count(*) FROM brands UNION ALL
  SELECT 'inquiries', count(*) FROM inquiries;--> statement-breakpoint
INSERT INTO inquiry_days (day, n)
  SELECT (created_at AT TIME ZONE 'UTC')::date, count(*) FROM inquiries GROUP BY 1;--> statement-breakpoint
CREATE FUNCTION stockroom_rows_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k integer;
BEGIN
  SELECT count(*) INTO k FROM changed;
  -- A statement that touched no row must not lock the shared counter row.
  IF k > 0 THEN UPDATE table_counts SET n = n + k WHERE table_name = TG_TABLE_NAME; END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION stockroom_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k integer;
BEGIN
  SELECT count(*) INTO k FROM changed;
  IF k > 0 THEN UPDATE table_counts SET n = n - k WHERE table_name = TG_TABLE_NAME; END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION stockroom_rows_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_counts SET n = 0 WHERE table_name = TG_TABLE_NAME;
  IF TG_TABLE_NAME = 'inquiries' THEN DELETE FROM inquiry_days; END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_counted_in AFTER INSERT ON products REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_rows_added();--> statement-breakpoint
CREATE TRIGGER products_counted_out AFTER DELETE ON products REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_rows_removed();--> statement-breakpoint
CREATE TRIGGER products_counted_reset AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION stockroom_rows_truncated();--> statement-breakpoint
CREATE TRIGGER categories_counted_in AFTER INSERT ON categories REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_rows_added();--> statement-breakpoint
CREATE TRIGGER categories_counted_out AFTER DELETE ON categories REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_rows_removed();--> statement-breakpoint
CREATE TRIGGER categories_counted_reset AFTER TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION stockroom_rows_truncated();--> statement-breakpoint
CREATE TRIGGER brands_counted_in AFTER INSERT ON brands REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_rows_added();--> statement-breakpoint
CREATE TRIGGER brands_counted_out AFTER DELETE ON brands REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_rows_removed();--> statement-breakpoint
CREATE TRIGGER brands_counted_reset AFTER TRUNCATE ON brands FOR EACH STATEMENT EXECUTE FUNCTION stockroom_rows_truncated();--> statement-breakpoint
CREATE TRIGGER inquiries_counted_in AFTER INSERT ON inquiries REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_rows_added();--> statement-breakpoint
CREATE TRIGGER inquiries_counted_out AFTER DELETE ON inquiries REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_rows_removed();--> statement-breakpoint
CREATE TRIGGER inquiries_counted_reset AFTER TRUNCATE ON inquiries FOR EACH STATEMENT EXECUTE FUNCTION stockroom_rows_truncated();--> statement-breakpoint
CREATE FUNCTION stockroom_inquiry_days_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inquiry_days AS d (day, n)
    SELECT (created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM added GROUP BY 1
  ON CONFLICT (day) DO UPDATE SET n = d.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION stockroom_inquiry_days_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inquiry_days d SET n = d.n - c.n
    FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM removed GROUP BY 1) c
    WHERE d.day = c.day;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION stockroom_inquiry_days_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inquiry_days AS d (day, n)
    SELECT day, sum(k)::int FROM (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS k FROM added
      UNION ALL
      SELECT (created_at AT TIME ZONE 'UTC')::date, -1 FROM removed) c
    GROUP BY day HAVING sum(k) <> 0
  ON CONFLICT (day) DO UPDATE SET n = d.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER inquiries_days_added AFTER INSERT ON inquiries REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_inquiry_days_added();--> statement-breakpoint
CREATE TRIGGER inquiries_days_removed AFTER DELETE ON inquiries REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_inquiry_days_removed();--> statement-breakpoint
CREATE TRIGGER inquiries_days_moved AFTER UPDATE ON inquiries REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_inquiry_days_moved();
