-- The shop's facets count products by their spec values ("Voltage: 18 V (31)"). Read from each
-- product's content document, the values would be parsed out of JSON on every page; kept as rows,
-- one per product, key and value, they are counted and filtered through indexes. A value that is
-- a number, with its unit in the unit column or written after it ("18" + "V", "18 V", "18V"), is
-- also kept as that number, so it sorts as a number and can be filtered as a range. Each row
-- carries its product's category and whether it is published, so a category's counts can be kept
-- ahead (category_spec_counts) from these rows alone, whoever deletes or moves the product.
CREATE TABLE "product_spec_values" (
	"product_id" integer NOT NULL,
	"key" text NOT NULL,
	"key_norm" text NOT NULL,
	"value" text NOT NULL,
	"value_norm" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"num" numeric,
	"category_id" integer,
	"published" boolean NOT NULL,
	CONSTRAINT "product_spec_values_pkey" PRIMARY KEY ("product_id", "key_norm", "value_norm")
);
--> statement-breakpoint
ALTER TABLE "product_spec_values" ADD CONSTRAINT "product_spec_values_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A filter on a key's values (and its range, on the numbers) finds the products from these.
CREATE INDEX "product_spec_values_value_idx" ON "product_spec_values" ("key_norm", "value_norm", "product_id");--> statement-breakpoint
CREATE INDEX "product_spec_values_num_idx" ON "product_spec_values" ("key_norm", "num", "product_id") WHERE "num" IS NOT NULL;--> statement-breakpoint
-- A category page's spec facets, before any other filter: the published products of each category
-- (its own, not its subtree's) per key and value. A page sums its subtree's rows: about a hundred
-- categories' few values each, where counting the products' rows live read every product of a
-- department and its nine spec rows. No foreign key: a deleted category's products move out (to
-- no category) after its rows would have gone, and their counts would have nowhere to fall.
CREATE TABLE "category_spec_counts" (
	"category_id" integer NOT NULL,
	"key_norm" text NOT NULL,
	"value_norm" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "category_spec_counts_pkey" PRIMARY KEY ("category_id", "key_norm", "value_norm")
);
--> statement-breakpoint
-- A key as it is compared: trimmed, inner spaces as one, case-blind. The shop's filters normalise
-- the keys in a URL with this same function.
CREATE FUNCTION stockroom_spec_key(label text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(regexp_replace(btrim(coalesce(label, '')), '\s+', ' ', 'g'))
$$;--> statement-breakpoint
-- A value as shown, as compared, and its number and unit when it is a number: "18" with unit "V",
-- "18 V" and "18V" are all shown "18 V", compared as "18 v", with the number 18 and the unit "V".
-- A unit may not hold a digit ("10x20" and "M8" are words). The shop's filters normalise the
-- values in a URL with this same function, so a link says what the panel shows.
CREATE FUNCTION stockroom_spec_value(raw text, raw_unit text)
RETURNS TABLE (shown text, norm text, unit text, num numeric) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH t AS (
    SELECT regexp_replace(btrim(coalesce(raw, '')), '\s+', ' ', 'g') AS v,
      regexp_replace(btrim(coalesce(raw_unit, '')), '\s+', ' ', 'g') AS u
  ), m AS (
    SELECT v, u, CASE WHEN u <> '' THEN regexp_match(v, '^(-?[0-9]{1,15}(?:\.[0-9]{1,10})?)$')
      ELSE regexp_match(v, '^(-?[0-9]{1,15}(?:\.[0-9]{1,10})?) ?([^0-9 .,-][^0-9]{0,15})?$') END AS p
    FROM t
  ), n AS (
    SELECT v, u, p, trim_scale(p[1]::numeric) AS num,
      CASE WHEN p IS NULL THEN '' WHEN u <> '' THEN u ELSE coalesce(p[2], '') END AS nu
    FROM m
  )
  SELECT s, lower(s), nu, num
  FROM n, LATERAL (SELECT CASE
    WHEN p IS NULL THEN v || CASE WHEN u <> '' THEN ' ' || u ELSE '' END
    ELSE num::text || CASE WHEN nu <> '' THEN ' ' || nu ELSE '' END END AS s) shown
$$;--> statement-breakpoint
-- One product's spec rows from its content document: each key once per value (two groups may
-- both say "Weight: 2 kg"), empty keys and values left out.
CREATE FUNCTION stockroom_spec_rows(pid integer, body json)
RETURNS TABLE (product_id integer, key text, key_norm text, value text, value_norm text, unit text, num numeric)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT ON (k.norm, v.norm) pid, k.shown, k.norm, v.shown, v.norm, v.unit, v.num
  FROM json_array_elements(coalesce(body -> 'specGroups', '[]'::json)) g
  CROSS JOIN LATERAL json_array_elements(coalesce(g -> 'specs', '[]'::json)) s
  CROSS JOIN LATERAL (SELECT regexp_replace(btrim(s ->> 'label'), '\s+', ' ', 'g') AS shown,
    stockroom_spec_key(s ->> 'label') AS norm) k
  CROSS JOIN LATERAL stockroom_spec_value(s ->> 'value', s ->> 'unit') v
  WHERE k.norm <> '' AND v.norm <> ''
  ORDER BY k.norm, v.norm
$$;--> statement-breakpoint
-- Rewrites the spec rows of the products whose content document a statement wrote: the document
-- is the one place every section write already reaches (migration 0012's triggers, and the seed's
-- deferred build), so the rows follow every writer. Per statement, from its new rows alone.
CREATE FUNCTION stockroom_spec_values_changed() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM product_spec_values WHERE product_id IN (SELECT a.product_id FROM added a);
  END IF;
  INSERT INTO product_spec_values (product_id, key, key_norm, value, value_norm, unit, num, category_id, published)
    SELECT r.*, p.category_id, p.status = 'published'
    FROM added a JOIN products p ON p.id = a.product_id
    CROSS JOIN LATERAL stockroom_spec_rows(a.product_id, a.body) r
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_contents_specs_added AFTER INSERT ON product_contents REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_spec_values_changed();--> statement-breakpoint
CREATE TRIGGER product_contents_specs_moved AFTER UPDATE ON product_contents REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_spec_values_changed();--> statement-breakpoint
-- A product's category or status moved: its spec rows follow (and with them the counts). A
-- statement that moved none, such as a bulk price edit, is told from one that did by a checksum
-- of each transition table read once (never joined; docs/triggers.md), and writes nothing.
CREATE FUNCTION stockroom_spec_values_moved() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  before bigint;
  after bigint;
BEGIN
  SELECT coalesce(sum(hashtext(id || ':' || coalesce(category_id, 0) || ':' || status)::bigint), 0) INTO after FROM added;
  SELECT coalesce(sum(hashtext(id || ':' || coalesce(category_id, 0) || ':' || status)::bigint), 0) INTO before FROM removed;
  IF before = after THEN
    RETURN NULL;
  END IF;
  UPDATE product_spec_values s SET category_id = a.category_id, published = a.status = 'published'
  FROM added a
  WHERE s.product_id = a.id
    AND (s.category_id IS DISTINCT FROM a.category_id OR s.published <> (a.status = 'published'));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_spec_values_moved AFTER UPDATE ON products REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_spec_values_moved();--> statement-breakpoint
-- The counts follow the spec rows: each statement's rows in and out, each transition table read
-- once, netted per category, key and value; a count that nets to nothing is not written. A count
-- that falls to 0 stays as a row of 0 (readers ask for n > 0): deleting it here would scan.
CREATE FUNCTION stockroom_spec_counts_changed() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO category_spec_counts AS c (category_id, key_norm, value_norm, n)
      SELECT category_id, key_norm, value_norm, count(*)::int FROM added
      WHERE published AND category_id IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (category_id, key_norm, value_norm) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO category_spec_counts AS c (category_id, key_norm, value_norm, n)
      SELECT category_id, key_norm, value_norm, -count(*)::int FROM removed
      WHERE published AND category_id IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (category_id, key_norm, value_norm) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO category_spec_counts AS c (category_id, key_norm, value_norm, n)
      SELECT category_id, key_norm, value_norm, sum(d)::int FROM (
        SELECT category_id, key_norm, value_norm, 1 AS d FROM added WHERE published AND category_id IS NOT NULL
        UNION ALL
        SELECT category_id, key_norm, value_norm, -1 FROM removed WHERE published AND category_id IS NOT NULL
      ) x GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (category_id, key_norm, value_norm) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_spec_values_counted_in AFTER INSERT ON product_spec_values REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_spec_counts_changed();--> statement-breakpoint
CREATE TRIGGER product_spec_values_counted_moved AFTER UPDATE ON product_spec_values REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_spec_counts_changed();--> statement-breakpoint
CREATE TRIGGER product_spec_values_counted_out AFTER DELETE ON product_spec_values REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_spec_counts_changed();--> statement-breakpoint
-- Every product's spec rows from its document now (and the counts, by the triggers above).
INSERT INTO product_spec_values (product_id, key, key_norm, value, value_norm, unit, num, category_id, published)
  SELECT r.*, p.category_id, p.status = 'published'
  FROM product_contents c JOIN products p ON p.id = c.product_id
  CROSS JOIN LATERAL stockroom_spec_rows(c.product_id, c.body) r
ON CONFLICT DO NOTHING;--> statement-breakpoint
ANALYZE product_spec_values;
