-- The shop reads variants: their option values as facets (option.Size=M keeps the products with an
-- active variant of that value) and as search words, their SKUs as the product's (with or without
-- separators). Kept by triggers, as the spec facets and the search documents are, so the shop's
-- reads stay the same statements over indexes whoever writes the variants.
CREATE TABLE "product_option_facets" (
  "product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE cascade,
  -- The option's name and the value as compared (lower case) and as the product shows them.
  "name_norm" text NOT NULL,
  "value_norm" text NOT NULL,
  "name" text NOT NULL,
  "value" text NOT NULL,
  CONSTRAINT "product_option_facets_pkey" PRIMARY KEY ("product_id", "name_norm", "value_norm")
);--> statement-breakpoint
CREATE INDEX "product_option_facets_value_idx" ON "product_option_facets" ("name_norm", "value_norm", "product_id");--> statement-breakpoint
-- A variant found by its SKU key (domain/search.ts skuKey): only variants with values, as a
-- default variant's SKU is its product's, which product_search.sku_key already holds.
CREATE INDEX "product_variants_sku_key_idx" ON "product_variants" (stockroom_sku_key("sku")) WHERE "option1_value_id" IS NOT NULL;--> statement-breakpoint
-- The search document gains the SKUs of the product's variants (each with its key) and its options'
-- names and values: migration 0035's function, with one more text in its second part.
CREATE OR REPLACE FUNCTION stockroom_search_refresh(ids integer[]) RETURNS void LANGUAGE sql SET jit = off AS $$
  SELECT count(*) FROM (
    SELECT 1 FROM product_search WHERE product_id IN (SELECT unnest(ids)) ORDER BY product_id FOR UPDATE
  ) locked;
  WITH src AS MATERIALIZED (
    SELECT p.id,
      stockroom_search_text(p.name) AS a,
      stockroom_search_text(concat_ws(' ', p.sku, stockroom_sku_key(p.sku), b.name,
        (SELECT string_agg(x.name, ' ') FROM categories x WHERE x.id = ANY(c.chain)),
        (SELECT string_agg(concat_ws(' ', v.sku, stockroom_sku_key(v.sku)), ' ') FROM product_variants v
          WHERE v.product_id = p.id AND v.option1_value_id IS NOT NULL),
        (SELECT string_agg(concat_ws(' ', o.name, ov.value), ' ') FROM product_options o
          JOIN product_option_values ov ON ov.option_id = o.id WHERE o.product_id = p.id))) AS b,
      stockroom_search_text(p.description) AS c,
      stockroom_search_text(stockroom_contents_text(pc.body)) AS d,
      stockroom_contents_key(pc.body) AS ck,
      stockroom_sku_key(p.sku) AS k
    FROM products p
    LEFT JOIN brands b ON b.id = p.brand_id
    LEFT JOIN categories c ON c.id = p.category_id
    LEFT JOIN product_contents pc ON pc.product_id = p.id
    WHERE p.id IN (SELECT unnest(ids))
  ), saved AS (
    INSERT INTO product_search (product_id, doc, sku_key, contents_key)
    SELECT id, strip(to_tsvector('english', concat_ws(' ', a, b, c, d))), k, ck
    FROM src
    ON CONFLICT (product_id) DO UPDATE
      SET doc = excluded.doc, sku_key = excluded.sku_key, contents_key = excluded.contents_key
  )
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM src, regexp_split_to_table(concat_ws(' ', a, b, c, d), '[^[:alpha:]]+') w
  WHERE length(w) BETWEEN 4 AND 40
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
-- Rewrites the named products' option facets (the values of their active variants) and their
-- search rows.
CREATE FUNCTION stockroom_option_facets_refresh(ids integer[]) RETURNS void LANGUAGE sql SET jit = off AS $$
  DELETE FROM product_option_facets WHERE product_id = ANY(ids);
  INSERT INTO product_option_facets (product_id, name_norm, value_norm, name, value)
  SELECT DISTINCT v.product_id, lower(o.name), lower(ov.value), o.name, ov.value
  FROM product_variants v
  JOIN product_option_values ov ON ov.id IN (v.option1_value_id, v.option2_value_id, v.option3_value_id)
  JOIN product_options o ON o.id = ov.option_id
  WHERE v.product_id = ANY(ids) AND v.status = 'active'
  ON CONFLICT DO NOTHING;
  SELECT stockroom_search_refresh(ids);
$$;--> statement-breakpoint
-- The products a statement on variants, options or values changed in what the facets and the
-- search read: a variant's SKU, status or values (not its price or position: a bulk price change
-- rewrites every variant and must not rebuild their documents), an option's or a value's text.
-- A default variant (no values) is its product's SKU, searched already, and gives no facet. The two
-- transition tables of an update are read once each, never joined (docs/triggers.md).
CREATE FUNCTION stockroom_variants_searched() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_TABLE_NAME = 'product_variants' THEN
    IF TG_OP = 'INSERT' THEN
      ids := array(SELECT DISTINCT product_id FROM added WHERE option1_value_id IS NOT NULL);
    ELSIF TG_OP = 'DELETE' THEN
      ids := array(SELECT DISTINCT product_id FROM removed WHERE option1_value_id IS NOT NULL);
    ELSE
      ids := array(
        SELECT DISTINCT product_id FROM (
          SELECT id, product_id, json_build_array(sku, status, option1_value_id, option2_value_id, option3_value_id)::text AS seen
            FROM added WHERE option1_value_id IS NOT NULL
          UNION ALL
          SELECT id, product_id, json_build_array(sku, status, option1_value_id, option2_value_id, option3_value_id)::text
            FROM removed WHERE option1_value_id IS NOT NULL) x
        GROUP BY id, product_id HAVING count(DISTINCT seen) > 1 OR count(*) = 1);
    END IF;
  ELSIF TG_TABLE_NAME = 'product_options' THEN
    IF TG_OP = 'DELETE' THEN
      ids := array(SELECT DISTINCT product_id FROM removed);
    ELSE
      ids := array(SELECT DISTINCT product_id FROM added);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    ids := array(SELECT DISTINCT o.product_id FROM product_options o
      WHERE o.id IN (SELECT option_id FROM removed));
  ELSE
    ids := array(SELECT DISTINCT o.product_id FROM product_options o
      WHERE o.id IN (SELECT option_id FROM added));
  END IF;
  -- Most statements on variants are a product's default variant's (every new product's, every
  -- price edit's): nothing to rebuild.
  IF cardinality(ids) > 0 THEN
    PERFORM stockroom_option_facets_refresh(ids);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_variants_searched_in AFTER INSERT ON product_variants REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_variants_searched();--> statement-breakpoint
CREATE TRIGGER product_variants_searched_moved AFTER UPDATE ON product_variants REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_variants_searched();--> statement-breakpoint
CREATE TRIGGER product_variants_searched_out AFTER DELETE ON product_variants REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_variants_searched();--> statement-breakpoint
CREATE TRIGGER product_options_searched_in AFTER INSERT ON product_options REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_variants_searched();--> statement-breakpoint
CREATE TRIGGER product_options_searched_moved AFTER UPDATE ON product_options REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_variants_searched();--> statement-breakpoint
CREATE TRIGGER product_options_searched_out AFTER DELETE ON product_options REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_variants_searched();--> statement-breakpoint
CREATE TRIGGER product_option_values_searched_in AFTER INSERT ON product_option_values REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_variants_searched();--> statement-breakpoint
CREATE TRIGGER product_option_values_searched_moved AFTER UPDATE ON product_option_values REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_variants_searched();--> statement-breakpoint
CREATE TRIGGER product_option_values_searched_out AFTER DELETE ON product_option_values REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_variants_searched();--> statement-breakpoint
-- The products that have options now get their facets and their documents with them.
SELECT stockroom_option_facets_refresh(array(SELECT DISTINCT product_id FROM product_variants WHERE option1_value_id IS NOT NULL));
