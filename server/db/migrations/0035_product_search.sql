-- Product search: each product's searchable text (name, SKU and its key, brand, category chain,
-- description, list items, specs and table cells) as one tsvector, in a table of its own so that
-- writes to products that do not touch that text (the bulk actions' prices) never rewrite a GIN
-- index. Stripped of positions and weights: matching needs neither (the rank reads the name),
-- and without them the rows a search reads are half the size. Kept by triggers in the writer's statement, per statement where the rows
-- can be many. search_words is the vocabulary that typos and "Did you mean" are matched against.
CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"doc" tsvector NOT NULL,
	"sku_key" text NOT NULL,
	"contents_key" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "product_search_doc_idx" ON "product_search" USING gin ("doc");--> statement-breakpoint
CREATE INDEX "product_search_sku_key_idx" ON "product_search" ("sku_key");--> statement-breakpoint
-- "C": a prefix probe (word >= $1 order by word limit 1) reads the index in byte order.
CREATE TABLE "search_words" (
	"word" text COLLATE "C" PRIMARY KEY NOT NULL
);--> statement-breakpoint
CREATE INDEX "search_words_trgm" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
-- Text as search reads it: lower case, ASCII punctuation (and points that are not decimal ones)
-- as spaces, and a number joined to the unit after it ("40 mm" is "40mm"). The simplest regular
-- expressions that do it: this runs over every product's whole text when documents are built. domain/search.ts
-- normaliseSearchText does the same to a query, with the same unit list (SEARCH_UNITS).
CREATE FUNCTION stockroom_search_text(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(
    regexp_replace(lower(coalesce(t, '')), '[!-\-/:-@\[-`{-~]|\.(?![0-9])|(?<![0-9])\.', ' ', 'g'),
    '([0-9])\s+(mm|cm|m|km|in|ft|v|w|kw|a|ah|mah|wh|kwh|kg|g|mg|l|ml|nm|rpm|hz|khz|bar|psi|db|gb|tb|pcs)\M',
    '\1\2', 'g')
$$;--> statement-breakpoint
-- A SKU as it is compared: lower-case letters and digits only (domain/search.ts skuKey).
CREATE FUNCTION stockroom_sku_key(sku text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(lower(coalesce(sku, '')), '[^[:alnum:]]+', '', 'g')
$$;--> statement-breakpoint
-- The searchable text of a content document (migration 0012): lists' titles and items, spec
-- groups' names and each spec's label, value and unit, tables' headings and cells (their JSON
-- text, whose brackets and quotes read as spaces).
CREATE FUNCTION stockroom_contents_text(body json) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT concat_ws(' ',
    (SELECT string_agg(concat_ws(' ', l->>'title', l->>'description',
        (SELECT string_agg(i->>'caption', ' ') FROM json_array_elements(l->'items') i)), ' ')
      FROM json_array_elements(body->'lists') l),
    (SELECT string_agg(concat_ws(' ', g->>'name', g->>'intro',
        (SELECT string_agg(concat_ws(' ', s->>'label', s->>'value', s->>'unit'), ' ')
          FROM json_array_elements(g->'specs') s)), ' ')
      FROM json_array_elements(body->'specGroups') g),
    (SELECT string_agg(concat_ws(' ', t->>'heading', t->>'intro', t->>'columns_json', t->>'rows_json', t->>'note'), ' ')
      FROM json_array_elements(body->'tables') t))
$$;--> statement-breakpoint
-- What of a content document search reads, as a digest: a rewritten document whose text is the
-- same (a section moved, an image added, an import's layout blocks) leaves the search row alone.
CREATE FUNCTION stockroom_contents_key(body json) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT md5(coalesce(stockroom_contents_text(body), ''))
$$;--> statement-breakpoint
-- Rewrites the search rows of the products named (those that still exist) and adds their words
-- to the vocabulary. Locks the rows first and builds in a second statement, as
-- stockroom_refresh_contents does: a writer that waited for another's lock then builds from what
-- the other committed.
CREATE FUNCTION stockroom_search_refresh(ids integer[]) RETURNS void LANGUAGE sql SET jit = off AS $$
  SELECT count(*) FROM (
    SELECT 1 FROM product_search WHERE product_id IN (SELECT unnest(ids)) ORDER BY product_id FOR UPDATE
  ) locked;
  WITH src AS MATERIALIZED (
    SELECT p.id,
      stockroom_search_text(p.name) AS a,
      stockroom_search_text(concat_ws(' ', p.sku, stockroom_sku_key(p.sku), b.name,
        (SELECT string_agg(x.name, ' ') FROM categories x WHERE x.id = ANY(c.chain)))) AS b,
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
-- A statement on products that names a searched column says so for its AFTER trigger: a trigger
-- with transition tables takes no column list, and rebuilding the rows of every price edit would
-- cost the bulk actions their speed.
CREATE FUNCTION stockroom_search_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('stockroom.search', 'due', true);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The products a statement on products (one that named a searched column) or on their content
-- documents wrote, rebuilt once each; of rewritten documents, only those whose text changed.
CREATE FUNCTION stockroom_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    IF current_setting('stockroom.search', true) IS DISTINCT FROM 'due' THEN
      RETURN NULL;
    END IF;
    PERFORM set_config('stockroom.search', '', true);
    PERFORM stockroom_search_refresh(array(SELECT id FROM added));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM stockroom_search_refresh(array(
      SELECT a.product_id FROM added a LEFT JOIN product_search s ON s.product_id = a.product_id
      WHERE s.contents_key IS DISTINCT FROM stockroom_contents_key(a.body)));
  ELSE
    PERFORM stockroom_search_refresh(array(SELECT product_id FROM added));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A renamed brand, a renamed category (its products and those below it) or a moved one (its own
-- products: each category below it moves too, and fires for its own).
CREATE FUNCTION stockroom_search_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'brands' THEN
    PERFORM stockroom_search_refresh(array(SELECT id FROM products WHERE brand_id = NEW.id));
  ELSIF OLD.name IS DISTINCT FROM NEW.name THEN
    PERFORM stockroom_search_refresh(array(SELECT id FROM products WHERE category_id = ANY(array(
      SELECT id FROM categories WHERE NEW.id = ANY(chain)))));
  ELSE
    PERFORM stockroom_search_refresh(array(SELECT id FROM products WHERE category_id = NEW.id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_due BEFORE UPDATE OF name, sku, description, brand_id, category_id ON products
  FOR EACH STATEMENT EXECUTE FUNCTION stockroom_search_due();--> statement-breakpoint
CREATE TRIGGER products_search_changed AFTER UPDATE ON products REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION stockroom_search_changed();--> statement-breakpoint
-- A new product reaches its search row through its new content document (migration 0012's insert
-- trigger on products); a bulk load that defers the documents builds both when it builds them.
CREATE TRIGGER product_contents_search_added AFTER INSERT ON product_contents REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION stockroom_search_changed();--> statement-breakpoint
CREATE TRIGGER product_contents_search_changed AFTER UPDATE ON product_contents REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION stockroom_search_changed();--> statement-breakpoint
CREATE TRIGGER brands_search_renamed AFTER UPDATE OF name ON brands
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION stockroom_search_renamed();--> statement-breakpoint
-- Not "UPDATE OF chain": the chain is set by a BEFORE trigger, not named by the UPDATE.
CREATE TRIGGER categories_search_renamed AFTER UPDATE ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.chain IS DISTINCT FROM NEW.chain)
  EXECUTE FUNCTION stockroom_search_renamed();--> statement-breakpoint
-- Every product that exists now gets its search row.
SELECT stockroom_search_refresh(array(SELECT id FROM products));
