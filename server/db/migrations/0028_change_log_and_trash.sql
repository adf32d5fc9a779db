-- Who changed what: one entry per entity a transaction changed, written by triggers in that
-- transaction, so every writer (the services, bulk edits, imports, scripts, the foreign keys'
-- own cascades) is logged and a rollback takes its entries with it. The author is the
-- session's stockroom.actor (server/history/actor.ts sets it before each write); stockroom.action
-- names what the app did when it is not a plain create, update or delete (trash, restore), and
-- stockroom.batch ties a bulk edit's or import's rows to its batch entry.
CREATE TABLE "change_log" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  -- No foreign key: an entry outlives its author's account.
  "actor_id" integer,
  "entity_type" text NOT NULL,
  -- Null on a batch's own entry.
  "entity_id" integer,
  "action" text NOT NULL,
  "changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "batch_id" bigint,
  -- The writing transaction: a second write to the same entity in it merges into its entry.
  "tx" bigint DEFAULT txid_current() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "change_log_tx_entity_key" ON "change_log" USING btree ("tx", "entity_type", "entity_id");--> statement-breakpoint
-- The filters of the Activity screen and of an entity's history, newest first; at for ranges
-- and pruning.
CREATE INDEX "change_log_entity_idx" ON "change_log" USING btree ("entity_type", "entity_id", "id");--> statement-breakpoint
CREATE INDEX "change_log_actor_idx" ON "change_log" USING btree ("actor_id", "id");--> statement-breakpoint
CREATE INDEX "change_log_action_idx" ON "change_log" USING btree ("action", "id");--> statement-breakpoint
CREATE INDEX "change_log_type_idx" ON "change_log" USING btree ("entity_type", "id");--> statement-breakpoint
CREATE INDEX "change_log_at_idx" ON "change_log" USING btree ("at", "id");--> statement-breakpoint
CREATE INDEX "change_log_batch_idx" ON "change_log" USING btree ("batch_id", "id") WHERE "batch_id" IS NOT NULL;--> statement-breakpoint
-- Deleted products, categories, brands and discounts, with every row their delete removed or
-- unlinked, so a restore puts back exactly what was there. Image references stay held by the
-- entry until it is purged.
CREATE TABLE "trash" (
  "entity_type" text NOT NULL,
  "entity_id" integer NOT NULL,
  "name" text NOT NULL,
  "data" jsonb NOT NULL,
  "image_keys" text[] DEFAULT '{}'::text[] NOT NULL,
  "deleted_by" integer,
  "deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "trash_pkey" PRIMARY KEY ("entity_type", "entity_id")
);--> statement-breakpoint
CREATE INDEX "trash_deleted_idx" ON "trash" USING btree ("deleted_at", "entity_type", "entity_id");--> statement-breakpoint
-- The expression of a row's changed fields, { field: { before, after } }, over the table's own
-- columns compared one by one (r: the old row, a: the new): comparing whole rows as JSON cost
-- ten times as much. A create logs its non-null fields, a delete what the row held. A secret
-- column is logged on update as changed under its name without _hash, never with its value.
CREATE FUNCTION stockroom_diff_sql(rel oid, skip text[], secrets text[], op text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_agg(
    CASE
      WHEN attname = ANY (secrets) THEN format('CASE WHEN r.%I IS DISTINCT FROM a.%I THEN %L::jsonb ELSE ''{}''::jsonb END',
        attname, attname,
        jsonb_build_object(regexp_replace(attname, '_hash$', ''), jsonb_build_object('before', '(hidden)', 'after', '(hidden)')))
      WHEN op = 'INSERT' THEN format('CASE WHEN a.%I IS NOT NULL THEN jsonb_build_object(%L, jsonb_build_object(''before'', NULL, ''after'', to_jsonb(a.%I))) ELSE ''{}''::jsonb END',
        attname, attname, attname)
      WHEN op = 'DELETE' THEN format('CASE WHEN r.%I IS NOT NULL THEN jsonb_build_object(%L, jsonb_build_object(''before'', to_jsonb(r.%I), ''after'', NULL)) ELSE ''{}''::jsonb END',
        attname, attname, attname)
      ELSE format('CASE WHEN to_jsonb(r.%I) IS DISTINCT FROM to_jsonb(a.%I) THEN jsonb_build_object(%L, jsonb_build_object(''before'', to_jsonb(r.%I), ''after'', to_jsonb(a.%I))) ELSE ''{}''::jsonb END',
        attname, attname, attname, attname, attname)
    END, ' || ' ORDER BY attnum), '''{}''::jsonb')
  FROM pg_attribute
  WHERE attrelid = rel AND attnum > 0 AND NOT attisdropped AND attname <> ALL (skip)
    AND (op = 'UPDATE' OR attname <> ALL (secrets))
$$;--> statement-breakpoint
-- Two changes to one entity in one transaction: each field keeps its first before and last after.
CREATE FUNCTION stockroom_merge_changes(a jsonb, b jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT a || coalesce((
    SELECT jsonb_object_agg(k, CASE WHEN a ? k THEN jsonb_build_object('before', a -> k -> 'before', 'after', v -> 'after') ELSE v END)
    FROM jsonb_each(b) AS e(k, v)), '{}'::jsonb)
$$;--> statement-breakpoint
-- The statement that appends (or merges) one entry per entity from a query of rows (id, action,
-- changes); $1 is the entity type. A merged entry stays a delete once it is one (an inquiry's
-- delete cascades to its notes after its own row), and a create stays a create. The trigger functions EXECUTE it themselves: a statement run
-- by EXECUTE is planned for the transition tables' real sizes each time (a cached plan made for a
-- few rows paired them with a nested loop), and only the trigger's own function sees them.
CREATE FUNCTION stockroom_log_sql(entries text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'INSERT INTO change_log AS c (actor_id, entity_type, entity_id, action, changes, batch_id) '
    || 'SELECT nullif(current_setting(''stockroom.actor'', true), '''')::integer, $1, e.id, '
    || 'coalesce(nullif(current_setting(''stockroom.action'', true), ''''), e.action), e.changes, '
    || 'nullif(current_setting(''stockroom.batch'', true), '''')::bigint '
    || 'FROM (' || entries || ' OFFSET 0) e(id, action, changes) WHERE e.changes <> ''{}''::jsonb '
    || 'ON CONFLICT (tx, entity_type, entity_id) DO UPDATE SET '
    || 'changes = stockroom_merge_changes(c.changes, excluded.changes), '
    || 'action = CASE WHEN c.action IN (''delete'', ''trash'') THEN c.action '
    || 'WHEN excluded.action IN (''delete'', ''trash'') THEN excluded.action '
    || 'WHEN c.action IN (''create'', ''restore'') THEN c.action ELSE excluded.action END'
$$;--> statement-breakpoint
-- An entity table's statement: each row's changed fields. TG_ARGV: the entity type, then the
-- columns never logged (derived or bookkeeping); a column named secret:<col> is logged as
-- changed under its name without _hash, never with its value (passwords, tokens).
CREATE FUNCTION stockroom_log_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  skip text[] := ARRAY['id', 'created_at', 'updated_at'];
  secrets text[] := '{}';
  arg text;
  diff text;
BEGIN
  IF current_setting('stockroom.history', true) = 'off' THEN
    RETURN NULL;
  END IF;
  FOREACH arg IN ARRAY TG_ARGV[1:] LOOP
    IF arg LIKE 'secret:%' THEN
      secrets := secrets || substr(arg, 8);
    ELSE
      skip := skip || arg;
    END IF;
  END LOOP;
  diff := stockroom_diff_sql(TG_RELID, skip, secrets, TG_OP);
  IF TG_OP = 'INSERT' THEN
    EXECUTE stockroom_log_sql('SELECT a.id, ''create'', ' || diff || ' FROM added a') USING TG_ARGV[0];
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE stockroom_log_sql('SELECT r.id, ''delete'', ' || diff || ' FROM removed r') USING TG_ARGV[0];
  ELSE
    EXECUTE stockroom_log_sql('SELECT a.id, ''update'', ' || diff || ' FROM removed r JOIN added a ON a.id = r.id')
      USING TG_ARGV[0];
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Rows that belong to an entity (an inquiry's notes, a quote's lines): a statement logs, per
-- parent, the rows it removed as before and the rows it added as after, under one field.
-- TG_ARGV: the entity type, the parent's column, the field's name.
CREATE FUNCTION stockroom_log_children() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows_sql text;
BEGIN
  IF current_setting('stockroom.history', true) = 'off' THEN
    RETURN NULL;
  END IF;
  rows_sql := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS side, to_jsonb(a) AS j FROM added a'
    WHEN 'DELETE' THEN 'SELECT 0 AS side, to_jsonb(r) AS j FROM removed r'
    ELSE 'SELECT 0 AS side, to_jsonb(r) AS j FROM removed r UNION ALL SELECT 1, to_jsonb(a) FROM added a' END;
  EXECUTE stockroom_log_sql('SELECT pid, ''update'', jsonb_build_object($3, jsonb_build_object(''before'', o, ''after'', n)) '
    || 'FROM (SELECT (j ->> $2)::integer AS pid, '
    || 'jsonb_agg(j - ''created_at'' ORDER BY (j ->> ''id'')::integer) FILTER (WHERE side = 0) AS o, '
    || 'jsonb_agg(j - ''created_at'' ORDER BY (j ->> ''id'')::integer) FILTER (WHERE side = 1) AS n '
    || 'FROM (' || rows_sql || ') s GROUP BY 1) g')
    USING TG_ARGV[0], TG_ARGV[1], TG_ARGV[2];
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A product's sections and images change through product_contents, which migration 0012's
-- triggers rewrite in the writer's statement: its before and after documents are the product's
-- sections (lists, spec groups, tables, layout) and images as they were and became.
CREATE FUNCTION stockroom_log_contents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('stockroom.history', true) = 'off' THEN
    RETURN NULL;
  END IF;
  EXECUTE stockroom_log_sql('SELECT pid, ''update'', '
    || 'CASE WHEN (o - ''images'') IS DISTINCT FROM (n - ''images'') '
    || 'THEN jsonb_build_object(''sections'', jsonb_build_object(''before'', o - ''images'', ''after'', n - ''images'')) '
    || 'ELSE ''{}''::jsonb END '
    || '|| CASE WHEN (o -> ''images'') IS DISTINCT FROM (n -> ''images'') '
    || 'THEN jsonb_build_object(''images'', jsonb_build_object(''before'', o -> ''images'', ''after'', n -> ''images'')) '
    || 'ELSE ''{}''::jsonb END '
    || 'FROM (SELECT r.product_id AS pid, r.body::jsonb AS o, a.body::jsonb AS n '
    || 'FROM removed r JOIN added a ON a.product_id = r.product_id) p')
    USING 'product';
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('products', ARRAY['product', 'image_count', 'price_final', 'price_discounted']),
    ('categories', ARRAY['category', 'depth', 'path', 'chain']),
    ('brands', ARRAY['brand']),
    ('discounts', ARRAY['discount']),
    ('users', ARRAY['user', 'token_version', 'secret:password_hash']),
    ('inquiries', ARRAY['inquiry']),
    ('quotes', ARRAY['quote', 'secret:token'])
  ) AS v(tbl, args) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS added '
      'FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_rows(%s)', t.tbl || '_log_added', t.tbl,
      (SELECT string_agg(quote_literal(a), ', ') FROM unnest(t.args) a));
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS added OLD TABLE AS removed '
      'FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_rows(%s)', t.tbl || '_log_changed', t.tbl,
      (SELECT string_agg(quote_literal(a), ', ') FROM unnest(t.args) a));
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS removed '
      'FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_rows(%s)', t.tbl || '_log_removed', t.tbl,
      (SELECT string_agg(quote_literal(a), ', ') FROM unnest(t.args) a));
  END LOOP;
  FOR t IN SELECT * FROM (VALUES
    ('inquiry_notes', ARRAY['inquiry', 'inquiry_id', 'notes']),
    ('quote_lines', ARRAY['quote', 'quote_id', 'lines'])
  ) AS v(tbl, args) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS added '
      'FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_children(%s)', t.tbl || '_log_added', t.tbl,
      (SELECT string_agg(quote_literal(a), ', ') FROM unnest(t.args) a));
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS added OLD TABLE AS removed '
      'FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_children(%s)', t.tbl || '_log_changed', t.tbl,
      (SELECT string_agg(quote_literal(a), ', ') FROM unnest(t.args) a));
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS removed '
      'FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_children(%s)', t.tbl || '_log_removed', t.tbl,
      (SELECT string_agg(quote_literal(a), ', ') FROM unnest(t.args) a));
  END LOOP;
END
$$;--> statement-breakpoint
-- Only rewrites: a new product's empty document says nothing its create does not, and a
-- deleted product's document goes with it.
CREATE TRIGGER product_contents_log_changed AFTER UPDATE ON product_contents REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_contents();
