CREATE TABLE "product_contents" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"body" json NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_contents" ADD CONSTRAINT "product_contents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The public bundle assembled each product's sections from about fifteen index scans on every
-- request (0.3 ms of PostgreSQL's execution, half of its CPU per bundle). They change only when a
-- product is edited, so each product keeps them as one JSON document: built by this function, the
-- one definition of what the sections look like, and rewritten by statement triggers on the
-- tables they come from, in the writer's own statement. Lists, spec groups and tables keep the
-- order they were added in (id); images, items and specs their positions.
CREATE FUNCTION stockroom_product_content(pid integer) RETURNS json LANGUAGE sql STABLE AS $$
  -- to_json of rows and arrays prints no spaces (json_build_object's " : " made a bundle 14 %
  -- longer); a json column inside a row is printed as it is.
  SELECT to_json(doc) FROM (SELECT
    coalesce((
      SELECT to_json(array_agg(to_json(x) ORDER BY i.position, i.id))
      FROM product_images i CROSS JOIN LATERAL (SELECT i.id, i.url, i.alt) x
      WHERE i.product_id = pid), '[]'::json) AS images,
    coalesce((
      SELECT to_json(array_agg(to_json(x) ORDER BY l.id))
      FROM product_lists l CROSS JOIN LATERAL (SELECT l.id, l.title, l.description, coalesce((
        SELECT to_json(array_agg(to_json(y) ORDER BY li.position, li.id))
        FROM product_list_items li CROSS JOIN LATERAL (SELECT li.id, li.caption) y
        WHERE li.list_id = l.id), '[]'::json) AS items) x
      WHERE l.product_id = pid), '[]'::json) AS lists,
    coalesce((
      SELECT to_json(array_agg(to_json(x) ORDER BY g.id))
      FROM product_spec_groups g CROSS JOIN LATERAL (SELECT g.id, g.name, g.intro, coalesce((
        SELECT to_json(array_agg(to_json(y) ORDER BY s.position, s.id))
        FROM product_specs s CROSS JOIN LATERAL (SELECT s.id, s.label, s.value, s.unit) y
        WHERE s.group_id = g.id), '[]'::json) AS specs) x
      WHERE g.product_id = pid), '[]'::json) AS "specGroups",
    coalesce((
      SELECT to_json(array_agg(to_json(x) ORDER BY t.id))
      FROM product_tables t
      CROSS JOIN LATERAL (SELECT t.id, t.heading, t.intro, t.columns_json, t.rows_json, t.note) x
      WHERE t.product_id = pid), '[]'::json) AS tables,
    (SELECT to_json(b) FROM (SELECT coalesce((
      SELECT to_json(array_agg(to_json(x) ORDER BY lb.position))
      FROM product_layout_blocks lb CROSS JOIN LATERAL (SELECT lb.id, lb.block_type, lb.ref_id, lb.position) x
      WHERE lb.product_id = pid), '[]'::json) AS blocks) b) AS layout
  ) doc
$$;--> statement-breakpoint
-- Rewrites the documents of the products named (each once, and only those that still exist: a
-- deleted product's sections go after it). Locks them first and builds them in a second
-- statement: under READ COMMITTED that statement sees every write committed before the lock was
-- granted. Built in one statement, a writer that waited for another's lock would then store the
-- document it built before waiting, without the other's rows.
--
-- JIT is off inside: on tables without statistics (a bulk load before its ANALYZE) the builder's
-- queries looked dear enough to compile, and each call compiled them again; the seed's
-- 100,000 documents ran for over nine minutes in LLVM instead of seconds.
CREATE FUNCTION stockroom_refresh_contents(ids integer[]) RETURNS void LANGUAGE sql SET jit = off AS $$
  SELECT count(*) FROM (
    SELECT 1 FROM product_contents WHERE product_id IN (SELECT unnest(ids)) ORDER BY product_id FOR UPDATE
  ) locked;
  INSERT INTO product_contents (product_id, body)
    SELECT p.id, stockroom_product_content(p.id) FROM products p WHERE p.id IN (SELECT unnest(ids))
  ON CONFLICT (product_id) DO UPDATE SET body = excluded.body
$$;--> statement-breakpoint
-- One trigger function for every source table: it finds the products a statement touched, from
-- its transition tables (items and specs through their list or group), and rewrites each once.
-- A bulk load may set stockroom.contents to 'deferred' in its own transaction or session and then
-- call stockroom_refresh_contents itself: rewriting 100,000 documents after each of the seed's
-- statements would cost minutes.
CREATE FUNCTION stockroom_contents_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[] := '{}';
  more integer[];
BEGIN
  IF current_setting('stockroom.contents', true) = 'deferred' THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF TG_TABLE_NAME = 'products' THEN
      SELECT array_agg(id) INTO more FROM added;
    ELSIF TG_TABLE_NAME = 'product_list_items' THEN
      SELECT array_agg(DISTINCT l.product_id) INTO more FROM added x JOIN product_lists l ON l.id = x.list_id;
    ELSIF TG_TABLE_NAME = 'product_specs' THEN
      SELECT array_agg(DISTINCT g.product_id) INTO more FROM added x JOIN product_spec_groups g ON g.id = x.group_id;
    ELSE
      SELECT array_agg(DISTINCT product_id) INTO more FROM added;
    END IF;
    touched := touched || coalesce(more, '{}');
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    IF TG_TABLE_NAME = 'product_list_items' THEN
      SELECT array_agg(DISTINCT l.product_id) INTO more FROM removed x JOIN product_lists l ON l.id = x.list_id;
    ELSIF TG_TABLE_NAME = 'product_specs' THEN
      SELECT array_agg(DISTINCT g.product_id) INTO more FROM removed x JOIN product_spec_groups g ON g.id = x.group_id;
    ELSE
      SELECT array_agg(DISTINCT product_id) INTO more FROM removed;
    END IF;
    touched := touched || coalesce(more, '{}');
  END IF;
  IF cardinality(touched) > 0 THEN
    PERFORM stockroom_refresh_contents(touched);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A new product starts with its (empty) document; its later column changes do not touch it.
CREATE TRIGGER products_contents_added AFTER INSERT ON products REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_contents_changed();--> statement-breakpoint
-- Each source table: one trigger per kind of statement (a trigger with transition tables serves
-- one event).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['product_images', 'product_lists', 'product_list_items', 'product_spec_groups',
    'product_specs', 'product_tables', 'product_layout_blocks'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS added '
      'FOR EACH STATEMENT EXECUTE FUNCTION stockroom_contents_changed()', t || '_contents_added', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS added OLD TABLE AS removed '
      'FOR EACH STATEMENT EXECUTE FUNCTION stockroom_contents_changed()', t || '_contents_moved', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS removed '
      'FOR EACH STATEMENT EXECUTE FUNCTION stockroom_contents_changed()', t || '_contents_removed', t);
  END LOOP;
END
$$;--> statement-breakpoint
-- Every product that exists now gets its document.
SELECT stockroom_refresh_contents(array(SELECT id FROM products));
