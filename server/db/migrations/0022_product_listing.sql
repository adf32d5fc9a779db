-- The staff products list filters and sorts on the final price, the price after the best live
-- discount, at 100,000 products. Priced per request (pricing.sql.ts), a filter or a sort on it
-- would price every product. So each product keeps its price (price_final, and price_discounted:
-- a discount saves on it now), and product_price_due says when that must be computed again: at
-- once after a write that can change it ('-infinity'), or at the next edge of a window of a
-- discount aimed at it. A reader brings the due rows up to date (stockroom_refresh_prices) before
-- it filters or sorts on the price. The due marks live in a table of their own: a product row
-- rewritten to mark it stale would write every index of products again, the trigram ones too,
-- and an edit of an unindexed column (the MRP) could no longer be a HOT update. See ADR 0010.
ALTER TABLE "products" ADD COLUMN "price_final" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_discounted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "product_price_due" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"due" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "product_price_due_idx" ON "product_price_due" USING btree ("due");--> statement-breakpoint
-- domain/pricing.ts priceProduct in SQL, in three functions held to it by product-price.test.ts.
-- Among the active discounts aimed at a product, at any category of its chain or at its brand,
-- those live at `at` (discountLiveAt's rule: start and end included) each save
-- round(mrp × min(v, 100) / 100, 2) (half away from zero: half-up, the amounts being
-- non-negative) or v, never more than the MRP; the largest saving wins; final = mrp - saving. A
-- percent's saving grows with the percent, so the largest saving is that of the largest live
-- percent or of the largest live amount: pricing needs only those two per product.
CREATE FUNCTION stockroom_price_final(mrp numeric, pct numeric, amt numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE AS $$
  SELECT mrp - least(mrp, greatest(round(mrp * least(coalesce(pct, 0), 100) / 100, 2), coalesce(amt, 0), 0))
$$;--> statement-breakpoint
-- One product's price at `at`, and `until`: the nearest edge after `at` of any window of a
-- discount aimed at it (a start, or the microsecond after an end), null if none. Three index
-- scans (discounts_*_pricing_idx): for a row or a few, as the insert trigger prices them.
CREATE FUNCTION stockroom_product_price(pid integer, mrp numeric, brand integer, category integer, at timestamptz)
  RETURNS TABLE (final numeric, discounted boolean, until timestamptz)
  LANGUAGE sql STABLE AS $$
  WITH aimed AS (
    SELECT d.type, d.value, d.starts_at, d.ends_at FROM discounts d
      WHERE d.active AND d.applies_to = 'product' AND d.product_id = pid
    UNION ALL
    SELECT d.type, d.value, d.starts_at, d.ends_at FROM discounts d
      WHERE d.active AND d.applies_to = 'brand' AND d.brand_id = brand
    UNION ALL
    SELECT d.type, d.value, d.starts_at, d.ends_at FROM discounts d
      WHERE d.active AND d.applies_to = 'category'
        AND d.category_id = ANY ((SELECT c.chain FROM categories c WHERE c.id = category)::integer[])
  ), terms AS (
    SELECT stockroom_price_final(mrp,
             max(a.value) FILTER (WHERE a.type = 'percent' AND a.live),
             max(a.value) FILTER (WHERE a.type = 'amount' AND a.live)) AS final,
           min(least(CASE WHEN a.starts_at > at THEN a.starts_at END,
                     CASE WHEN a.ends_at + interval '1 microsecond' > at THEN a.ends_at + interval '1 microsecond' END)) AS until
      FROM (SELECT *, (starts_at IS NULL OR starts_at <= at) AND (ends_at IS NULL OR ends_at >= at) AS live
              FROM aimed) a
  )
  SELECT final, final < mrp, until FROM terms
$$;--> statement-breakpoint
-- Many products' prices at `at` at once: the largest live percent and amount, and the next edge,
-- of every product, brand and category (a category's through its chain), then hash joins. For
-- the migration, the bulk actions and big refreshes, where one product at a time cost seconds.
-- The products come as arrays (id, MRP, brand, category), so a writer can price the values it
-- is about to write.
CREATE FUNCTION stockroom_prices(at timestamptz, ids integer[], mrps numeric[], brands integer[], categories integer[])
  RETURNS TABLE (id integer, final numeric, discounted boolean, until timestamptz)
  LANGUAGE sql STABLE AS $$
  WITH d AS (
    SELECT applies_to AS aim, coalesce(product_id, brand_id, category_id) AS target, type, value,
           (starts_at IS NULL OR starts_at <= at) AND (ends_at IS NULL OR ends_at >= at) AS live,
           least(CASE WHEN starts_at > at THEN starts_at END,
                 CASE WHEN ends_at + interval '1 microsecond' > at THEN ends_at + interval '1 microsecond' END) AS edge
      FROM discounts WHERE active
  ), own AS (
    SELECT aim, target, max(value) FILTER (WHERE type = 'percent' AND live) AS pct,
           max(value) FILTER (WHERE type = 'amount' AND live) AS amt, min(edge) AS until
      FROM d GROUP BY aim, target
  ), by_category AS (
    SELECT c.id AS target, max(o.pct) AS pct, max(o.amt) AS amt, min(o.until) AS until
      FROM categories c CROSS JOIN LATERAL unnest(c.chain) AS a(ancestor)
      JOIN own o ON o.aim = 'category' AND o.target = a.ancestor
      GROUP BY c.id
  ), p AS (
    SELECT * FROM unnest(ids, mrps, brands, categories) AS u(id, mrp, brand_id, category_id)
  ), priced AS (
    SELECT p.id, p.mrp,
           stockroom_price_final(p.mrp, greatest(tp.pct, tb.pct, tc.pct), greatest(tp.amt, tb.amt, tc.amt)) AS final,
           least(tp.until, tb.until, tc.until) AS until
      FROM p
      LEFT JOIN own tp ON tp.aim = 'product' AND tp.target = p.id
      LEFT JOIN own tb ON tb.aim = 'brand' AND tb.target = p.brand_id
      LEFT JOIN by_category tc ON tc.target = p.category_id
  )
  SELECT id, final, final < mrp, until FROM priced
$$;--> statement-breakpoint
-- Prices the due products at `at`; answers how many it priced. A product row is written only
-- when its price changed. Refreshes take turns (an advisory lock); rows a writer holds are skipped
-- (SKIP LOCKED) and stay due for the next refresh, so a refresh never waits for a row and cannot
-- deadlock with a writer (writers lock the product, then its due row; a discount's writer only
-- the due rows). A few products are priced one by one, many at once.
CREATE FUNCTION stockroom_refresh_prices(at timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  due_ids integer[];
  ids integer[];
  n integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM product_price_due WHERE due <= at) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('stockroom_refresh_prices'));
  due_ids := ARRAY(SELECT product_id FROM product_price_due WHERE due <= at FOR UPDATE SKIP LOCKED);
  ids := ARRAY(SELECT p.id FROM products p WHERE p.id = ANY (due_ids) FOR UPDATE SKIP LOCKED);
  -- A new statement, a new snapshot: every row priced here is locked and current.
  WITH priced AS (
    SELECT p.id, f.final, f.discounted, f.until
      FROM products p CROSS JOIN LATERAL stockroom_product_price(p.id, p.mrp, p.brand_id, p.category_id, at) f
      WHERE p.id = ANY (ids) AND cardinality(ids) <= 200
    UNION ALL
    SELECT f.id, f.final, f.discounted, f.until FROM stockroom_prices(at,
        ARRAY(SELECT p.id FROM products p WHERE p.id = ANY (ids) ORDER BY p.id),
        ARRAY(SELECT p.mrp FROM products p WHERE p.id = ANY (ids) ORDER BY p.id),
        ARRAY(SELECT p.brand_id FROM products p WHERE p.id = ANY (ids) ORDER BY p.id),
        ARRAY(SELECT p.category_id FROM products p WHERE p.id = ANY (ids) ORDER BY p.id)) f
      WHERE cardinality(ids) > 200
  ), changed AS (
    UPDATE products p SET price_final = priced.final, price_discounted = priced.discounted
      FROM priced
      WHERE p.id = priced.id AND (p.price_final <> priced.final OR p.price_discounted <> priced.discounted)
  ), ahead AS (
    UPDATE product_price_due d SET due = priced.until
      FROM priced WHERE d.product_id = priced.id AND priced.until IS NOT NULL
  ), done AS (
    DELETE FROM product_price_due d USING priced WHERE d.product_id = priced.id AND priced.until IS NULL
  )
  SELECT count(*)::int INTO n FROM priced;
  RETURN n;
END
$$;--> statement-breakpoint
-- A new product is priced as it is inserted: a row inserted unpriced would be written again by
-- the first refresh, every index of it (an import of 100,000 products, twice over).
CREATE FUNCTION stockroom_products_priced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_edge timestamptz;
BEGIN
  SELECT f.final, f.discounted, f.until INTO NEW.price_final, NEW.price_discounted, next_edge
    FROM stockroom_product_price(NEW.id, NEW.mrp, NEW.brand_id, NEW.category_id, now()) f;
  IF next_edge IS NOT NULL THEN
    INSERT INTO product_price_due (product_id, due) VALUES (NEW.id, next_edge)
      ON CONFLICT (product_id) DO UPDATE SET due = excluded.due;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_priced BEFORE INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION stockroom_products_priced();--> statement-breakpoint
-- A product whose MRP, brand or category changed is due at once. A writer that prices the rows
-- itself in the same statement (the bulk actions) says so in stockroom.priced, for its transaction.
CREATE FUNCTION stockroom_product_price_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_price_due (product_id, due) VALUES (NEW.id, '-infinity')
    ON CONFLICT (product_id) DO UPDATE SET due = '-infinity';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_price_due AFTER UPDATE OF mrp, brand_id, category_id ON products
  FOR EACH ROW WHEN ((OLD.mrp IS DISTINCT FROM NEW.mrp OR OLD.brand_id IS DISTINCT FROM NEW.brand_id
    OR OLD.category_id IS DISTINCT FROM NEW.category_id)
    AND current_setting('stockroom.priced', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION stockroom_product_price_due();--> statement-breakpoint
-- A deleted product's due row goes with it.
CREATE FUNCTION stockroom_products_price_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM product_price_due;
  ELSE
    DELETE FROM product_price_due WHERE product_id = ANY (ARRAY(SELECT id FROM removed));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_price_gone AFTER DELETE ON products REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION stockroom_products_price_gone();--> statement-breakpoint
CREATE TRIGGER products_price_truncated AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION stockroom_products_price_gone();--> statement-breakpoint
-- A discount written in any way makes due the products it aimed at before and after: by product,
-- by brand, or by a category, whose products are those of every category whose chain holds it.
-- Each transition table is read once (docs/triggers.md: never join the two).
CREATE FUNCTION stockroom_discounts_price_due() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pids integer[] := '{}';
  bids integer[] := '{}';
  cids integer[] := '{}';
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO product_price_due (product_id, due) SELECT id, '-infinity' FROM products WHERE price_discounted
      ON CONFLICT (product_id) DO UPDATE SET due = '-infinity';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(array_agg(product_id) FILTER (WHERE applies_to = 'product'), '{}'),
           coalesce(array_agg(brand_id) FILTER (WHERE applies_to = 'brand'), '{}'),
           coalesce(array_agg(category_id) FILTER (WHERE applies_to = 'category'), '{}')
      INTO pids, bids, cids FROM added;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT pids || coalesce(array_agg(product_id) FILTER (WHERE applies_to = 'product'), '{}'),
           bids || coalesce(array_agg(brand_id) FILTER (WHERE applies_to = 'brand'), '{}'),
           cids || coalesce(array_agg(category_id) FILTER (WHERE applies_to = 'category'), '{}')
      INTO pids, bids, cids FROM removed;
  END IF;
  IF cardinality(cids) > 0 THEN
    cids := ARRAY(SELECT id FROM categories WHERE chain && cids);
  END IF;
  INSERT INTO product_price_due (product_id, due)
    SELECT id, '-infinity' FROM products
      WHERE id = ANY (pids) OR brand_id = ANY (bids) OR category_id = ANY (cids)
    ON CONFLICT (product_id) DO UPDATE SET due = '-infinity';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER discounts_price_due_in AFTER INSERT ON discounts REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION stockroom_discounts_price_due();--> statement-breakpoint
CREATE TRIGGER discounts_price_due_moved AFTER UPDATE ON discounts
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION stockroom_discounts_price_due();--> statement-breakpoint
CREATE TRIGGER discounts_price_due_out AFTER DELETE ON discounts REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION stockroom_discounts_price_due();--> statement-breakpoint
CREATE TRIGGER discounts_price_due_truncated AFTER TRUNCATE ON discounts
  FOR EACH STATEMENT EXECUTE FUNCTION stockroom_discounts_price_due();--> statement-breakpoint
-- A category moved in the tree meets other categories' discounts: its products are due.
CREATE FUNCTION stockroom_category_price_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_price_due (product_id, due)
    SELECT id, '-infinity' FROM products WHERE category_id = NEW.id
    ON CONFLICT (product_id) DO UPDATE SET due = '-infinity';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER categories_price_due AFTER UPDATE ON categories
  FOR EACH ROW WHEN (OLD.chain IS DISTINCT FROM NEW.chain) EXECUTE FUNCTION stockroom_category_price_due();--> statement-breakpoint
-- Every existing product priced, in one statement, before the price indexes exist. The trigram
-- indexes take the new row versions through their pending lists, merged once at the end: one by
-- one, their entries were most of the statement's time.
ALTER INDEX "products_name_trgm" SET (fastupdate = on);--> statement-breakpoint
ALTER INDEX "products_sku_trgm" SET (fastupdate = on);--> statement-breakpoint
WITH priced AS (
  SELECT f.* FROM stockroom_prices(now(), ARRAY(SELECT id FROM products ORDER BY id),
    ARRAY(SELECT mrp FROM products ORDER BY id), ARRAY(SELECT brand_id FROM products ORDER BY id),
    ARRAY(SELECT category_id FROM products ORDER BY id)) f
), due AS (
  INSERT INTO product_price_due (product_id, due) SELECT id, until FROM priced WHERE until IS NOT NULL
)
UPDATE products p SET price_final = priced.final, price_discounted = priced.discounted
  FROM priced WHERE p.id = priced.id AND (priced.final <> 0 OR priced.discounted);--> statement-breakpoint
SELECT gin_clean_pending_list('"products_name_trgm"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"products_sku_trgm"'::regclass);--> statement-breakpoint
ALTER INDEX "products_name_trgm" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "products_sku_trgm" SET (fastupdate = off);--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_final","id");--> statement-breakpoint
CREATE INDEX "products_updated_idx" ON "products" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "products_discounted_idx" ON "products" USING btree ("created_at","id") WHERE "products"."price_discounted";--> statement-breakpoint
-- Deleting a product sets its inquiries' product_id to null: without an index, each deleted
-- product read every inquiry.
CREATE INDEX "inquiries_product_idx" ON "inquiries" USING btree ("product_id") WHERE "inquiries"."product_id" is not null;
--> statement-breakpoint
-- Every product row was just rewritten and has two new columns: the planner needs their
-- statistics before the first filtered list, not whenever autovacuum next comes round.
ANALYZE "products";
