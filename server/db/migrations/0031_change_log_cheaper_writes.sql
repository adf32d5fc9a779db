-- The change log's triggers, cheaper per row for the bulk edits that write a hundred thousand
-- entries in one statement; what they log is unchanged (0028).
-- - Columns are compared with their type's own equality where it has one (every logged column
--   today); to_jsonb on both sides of every column of every row cost as much again as the rest
--   of the diff. A type without = (json) is still compared as JSON.
-- - The author, action and batch settings are read once per statement, not once per row.
-- - A statement whose entity type has no entry yet in its transaction appends plainly: nothing
--   can conflict, and ON CONFLICT's speculative insertion cost a fifth of the insert.
CREATE OR REPLACE FUNCTION stockroom_diff_sql(rel oid, skip text[], secrets text[], op text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_agg(
    CASE
      WHEN attname = ANY (secrets) THEN format('CASE WHEN r.%I IS DISTINCT FROM a.%I THEN %L::jsonb ELSE ''{}''::jsonb END',
        attname, attname,
        jsonb_build_object(regexp_replace(attname, '_hash$', ''), jsonb_build_object('before', '(hidden)', 'after', '(hidden)')))
      WHEN op = 'INSERT' THEN format('CASE WHEN a.%I IS NOT NULL THEN jsonb_build_object(%L, jsonb_build_object(''before'', NULL, ''after'', to_jsonb(a.%I))) ELSE ''{}''::jsonb END',
        attname, attname, attname)
      WHEN op = 'DELETE' THEN format('CASE WHEN r.%I IS NOT NULL THEN jsonb_build_object(%L, jsonb_build_object(''before'', to_jsonb(r.%I), ''after'', NULL)) ELSE ''{}''::jsonb END',
        attname, attname, attname)
      WHEN EXISTS (SELECT 1 FROM pg_operator o WHERE o.oprname = '=' AND o.oprleft = atttypid AND o.oprright = atttypid)
        THEN format('CASE WHEN r.%I IS DISTINCT FROM a.%I THEN jsonb_build_object(%L, jsonb_build_object(''before'', to_jsonb(r.%I), ''after'', to_jsonb(a.%I))) ELSE ''{}''::jsonb END',
        attname, attname, attname, attname, attname)
      ELSE format('CASE WHEN to_jsonb(r.%I) IS DISTINCT FROM to_jsonb(a.%I) THEN jsonb_build_object(%L, jsonb_build_object(''before'', to_jsonb(r.%I), ''after'', to_jsonb(a.%I))) ELSE ''{}''::jsonb END',
        attname, attname, attname, attname, attname)
    END, ' || ' ORDER BY attnum), '''{}''::jsonb')
  FROM pg_attribute
  WHERE attrelid = rel AND attnum > 0 AND NOT attisdropped AND attname <> ALL (skip)
    AND (op = 'UPDATE' OR attname <> ALL (secrets))
$$;--> statement-breakpoint
DROP FUNCTION IF EXISTS stockroom_log_sql(text);--> statement-breakpoint
-- The statement that appends one entry per entity from a query of rows (id, action, changes);
-- $1 is the entity type. With `merge` (the transaction has entries of this type already), an
-- entity's second write merges into its entry: a merged entry stays a delete once it is one (an
-- inquiry's delete cascades to its notes after its own row), and a create stays a create. The
-- trigger functions EXECUTE it themselves: a statement run by EXECUTE is planned for the
-- transition tables' real sizes each time (a cached plan made for a few rows paired them with a
-- nested loop), and only the trigger's own function sees them.
CREATE OR REPLACE FUNCTION stockroom_log_sql(entries text, merge boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'INSERT INTO change_log AS c (actor_id, entity_type, entity_id, action, changes, batch_id) '
    || 'SELECT s.actor, $1, e.id, coalesce(s.action, e.action), e.changes, s.batch '
    || 'FROM (SELECT nullif(current_setting(''stockroom.actor'', true), '''')::integer AS actor, '
    || 'nullif(current_setting(''stockroom.action'', true), '''') AS action, '
    || 'nullif(current_setting(''stockroom.batch'', true), '''')::bigint AS batch OFFSET 0) s, '
    || '(' || entries || ' OFFSET 0) e(id, action, changes) WHERE e.changes <> ''{}''::jsonb'
    || CASE WHEN merge THEN ' ON CONFLICT (tx, entity_type, entity_id) DO UPDATE SET '
      || 'changes = stockroom_merge_changes(c.changes, excluded.changes), '
      || 'action = CASE WHEN c.action IN (''delete'', ''trash'') THEN c.action '
      || 'WHEN excluded.action IN (''delete'', ''trash'') THEN excluded.action '
      || 'WHEN c.action IN (''create'', ''restore'') THEN c.action ELSE excluded.action END'
    ELSE '' END
$$;--> statement-breakpoint
-- Whether the transaction has logged an entity of this type already (one probe of
-- change_log_tx_entity_key), so that a write to it may need merging.
CREATE OR REPLACE FUNCTION stockroom_log_merging(entity text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM change_log WHERE tx = txid_current() AND entity_type = entity AND entity_id IS NOT NULL)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION stockroom_log_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  skip text[] := ARRAY['id', 'created_at', 'updated_at'];
  secrets text[] := '{}';
  arg text;
  diff text;
  merge boolean;
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
  merge := stockroom_log_merging(TG_ARGV[0]);
  IF TG_OP = 'INSERT' THEN
    EXECUTE stockroom_log_sql('SELECT a.id, ''create'', ' || diff || ' FROM added a', merge) USING TG_ARGV[0];
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE stockroom_log_sql('SELECT r.id, ''delete'', ' || diff || ' FROM removed r', merge) USING TG_ARGV[0];
  ELSE
    EXECUTE stockroom_log_sql('SELECT a.id, ''update'', ' || diff || ' FROM removed r JOIN added a ON a.id = r.id', merge)
      USING TG_ARGV[0];
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION stockroom_log_children() RETURNS trigger LANGUAGE plpgsql AS $$
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
    || 'FROM (' || rows_sql || ') s GROUP BY 1) g', stockroom_log_merging(TG_ARGV[0]))
    USING TG_ARGV[0], TG_ARGV[1], TG_ARGV[2];
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION stockroom_log_contents() RETURNS trigger LANGUAGE plpgsql AS $$
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
    || 'FROM removed r JOIN added a ON a.product_id = r.product_id) p', stockroom_log_merging('product'))
    USING 'product';
  RETURN NULL;
END
$$;
