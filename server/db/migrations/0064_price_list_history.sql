-- Price lists and quantity breaks in the change log (docs/decisions/0031-customer-prices.md).
-- A list's own row logs as every logged entity's does, as 'price_list'. Its assignments log on the
-- list as the companies and customers it names, whole, before and after (a company or a customer
-- deleted, its assignment goes with it and the list says so). A variant's breaks log on its
-- product as `tiers`, every break of the product before and after, as its variants do.
-- A list's prices are not logged row by row: a list may hold 100,000 of them, and a trigger would
-- capture every written row again. The service that writes them logs one summary on the list
-- through stockroom_log_entry (how many it holds, before and after, and how many were set), merged
-- into the list's entry of the transaction like any other write.

-- One entry the application writes itself, on the triggers' statement (author, token, action,
-- batch, one entry per entity per transaction): changes is { field: { before, after } }.
CREATE FUNCTION stockroom_log_entry(entity text, id integer, changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('stockroom.history', true) = 'off' THEN
    RETURN;
  END IF;
  EXECUTE stockroom_log_sql('SELECT $2, ''update''::text, $3', stockroom_log_merging(entity))
    USING entity, id, changes;
END
$$;--> statement-breakpoint
-- A list's companies or customers, each { id, name }, whole: after is what the list names once
-- the statement ran, before that less what it added and with what it removed. TG_ARGV: the
-- assigned column, the table it names, the field, the entity type of what it names.
CREATE FUNCTION stockroom_log_assignments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows_sql text;
  named text;
BEGIN
  IF current_setting('stockroom.history', true) = 'off' THEN
    RETURN NULL;
  END IF;
  rows_sql := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT 1 AS side, a.price_list_id AS pid, a.%I AS x FROM added a', TG_ARGV[0])
    WHEN 'DELETE' THEN format('SELECT 0 AS side, r.price_list_id AS pid, r.%I AS x FROM removed r', TG_ARGV[0])
    ELSE format('SELECT 0 AS side, r.price_list_id AS pid, r.%I AS x FROM removed r '
      || 'UNION ALL SELECT 1, a.price_list_id, a.%I FROM added a', TG_ARGV[0], TG_ARGV[0]) END;
  -- A company or customer deleted in this transaction is named as its own entry kept it.
  named := format('(SELECT coalesce(jsonb_agg(jsonb_build_object(''id'', y, ''name'', coalesce('
    || '(SELECT n.name FROM %I n WHERE n.id = y), (SELECT l.changes -> ''name'' ->> ''before'' FROM change_log l '
    || 'WHERE l.tx = txid_current() AND l.entity_type = %L AND l.entity_id = y))) ORDER BY y), ''[]''::jsonb) '
    || 'FROM unnest(%%s) y)', TG_ARGV[1], TG_ARGV[3]);
  EXECUTE stockroom_log_sql(format('SELECT g.pid, ''update'', jsonb_build_object(%L, jsonb_build_object('
    || '''before'', %s, ''after'', %s)) '
    || 'FROM (SELECT pid, coalesce(array_agg(x) FILTER (WHERE side = 1), ''{}'') AS plus, '
    || 'coalesce(array_agg(x) FILTER (WHERE side = 0), ''{}'') AS minus FROM (%s) s GROUP BY pid) g '
    || 'CROSS JOIN LATERAL (SELECT coalesce(array_agg(t.%I ORDER BY t.%I), ''{}'') AS ids '
    || 'FROM %I t WHERE t.price_list_id = g.pid) n '
    || 'CROSS JOIN LATERAL (SELECT coalesce(array_agg(y ORDER BY y), ''{}'') AS ids FROM '
    || '((SELECT unnest(n.ids) EXCEPT ALL SELECT unnest(g.plus)) UNION ALL SELECT unnest(g.minus)) z(y)) b '
    || 'WHERE b.ids IS DISTINCT FROM n.ids',
    TG_ARGV[2], format(named, 'b.ids'), format(named, 'n.ids'), rows_sql,
    TG_ARGV[0], TG_ARGV[0], TG_TABLE_NAME), stockroom_log_merging('price_list'))
    USING 'price_list';
  RETURN NULL;
END
$$;--> statement-breakpoint
ALTER FUNCTION stockroom_log_assignments() SET jit = off;--> statement-breakpoint
-- A product's quantity breaks, every variant's, whole: after is what the product's variants hold
-- once the statement ran, before that less what it added and with what it removed; each break
-- names its variant by its values' title (none for a product without options) and SKU. Breaks
-- that go with their variant (a variant or a product deleted) log nothing here: the variant's or
-- the product's own entry says it went.
CREATE FUNCTION stockroom_log_tiers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows_sql text;
  listed text := '(SELECT coalesce(jsonb_agg(jsonb_build_object(''variant_id'', x.variant_id, '
    || '''variant'', nullif(concat_ws('' / '', (SELECT value FROM product_option_values WHERE id = v.option1_value_id), '
    || '(SELECT value FROM product_option_values WHERE id = v.option2_value_id), '
    || '(SELECT value FROM product_option_values WHERE id = v.option3_value_id)), ''''), '
    || '''sku'', v.sku, ''min_quantity'', x.min_quantity, ''mrp'', x.mrp) '
    || 'ORDER BY v.position, v.id, x.min_quantity), ''[]''::jsonb) '
    || 'FROM %s x JOIN product_variants v ON v.id = x.variant_id WHERE x.pid = p.pid)';
BEGIN
  IF current_setting('stockroom.history', true) = 'off' THEN
    RETURN NULL;
  END IF;
  rows_sql := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS side, a.variant_id, a.min_quantity, a.mrp FROM added a'
    WHEN 'DELETE' THEN 'SELECT 0 AS side, r.variant_id, r.min_quantity, r.mrp FROM removed r'
    ELSE 'SELECT 0 AS side, r.variant_id, r.min_quantity, r.mrp FROM removed r '
      || 'UNION ALL SELECT 1, a.variant_id, a.min_quantity, a.mrp FROM added a' END;
  EXECUTE stockroom_log_sql('WITH s AS MATERIALIZED (SELECT v.product_id AS pid, c.* FROM (' || rows_sql || ') c '
    || 'JOIN product_variants v ON v.id = c.variant_id), '
    || 'cur AS MATERIALIZED (SELECT v.product_id AS pid, t.variant_id, t.min_quantity, t.mrp '
    || 'FROM variant_price_tiers t JOIN product_variants v ON v.id = t.variant_id '
    || 'WHERE v.product_id IN (SELECT pid FROM s)), '
    || 'was AS MATERIALIZED ((SELECT pid, variant_id, min_quantity, mrp FROM cur '
    || 'EXCEPT ALL SELECT pid, variant_id, min_quantity, mrp FROM s WHERE side = 1) '
    || 'UNION ALL SELECT pid, variant_id, min_quantity, mrp FROM s WHERE side = 0) '
    || 'SELECT p.pid, ''update'', jsonb_build_object(''tiers'', jsonb_build_object(''before'', p.o, ''after'', p.n)) '
    || 'FROM (SELECT p.pid, ' || format(listed, 'was') || ' AS o, ' || format(listed, 'cur') || ' AS n '
    || 'FROM (SELECT DISTINCT pid FROM s) p) p WHERE p.o IS DISTINCT FROM p.n', stockroom_log_merging('product'))
    USING 'product';
  RETURN NULL;
END
$$;--> statement-breakpoint
ALTER FUNCTION stockroom_log_tiers() SET jit = off;--> statement-breakpoint
CREATE TRIGGER price_lists_log_added AFTER INSERT ON price_lists REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_rows('price_list');--> statement-breakpoint
CREATE TRIGGER price_lists_log_changed AFTER UPDATE ON price_lists REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_rows('price_list');--> statement-breakpoint
CREATE TRIGGER price_lists_log_removed AFTER DELETE ON price_lists REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_rows('price_list');--> statement-breakpoint
CREATE TRIGGER price_list_companies_log_added AFTER INSERT ON price_list_companies REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_assignments('company_id', 'companies', 'companies', 'company');--> statement-breakpoint
CREATE TRIGGER price_list_companies_log_changed AFTER UPDATE ON price_list_companies REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_assignments('company_id', 'companies', 'companies', 'company');--> statement-breakpoint
CREATE TRIGGER price_list_companies_log_removed AFTER DELETE ON price_list_companies REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_assignments('company_id', 'companies', 'companies', 'company');--> statement-breakpoint
CREATE TRIGGER price_list_customers_log_added AFTER INSERT ON price_list_customers REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_assignments('customer_id', 'customers', 'customers', 'customer');--> statement-breakpoint
CREATE TRIGGER price_list_customers_log_changed AFTER UPDATE ON price_list_customers REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_assignments('customer_id', 'customers', 'customers', 'customer');--> statement-breakpoint
CREATE TRIGGER price_list_customers_log_removed AFTER DELETE ON price_list_customers REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_assignments('customer_id', 'customers', 'customers', 'customer');--> statement-breakpoint
CREATE TRIGGER variant_price_tiers_log_added AFTER INSERT ON variant_price_tiers REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_tiers();--> statement-breakpoint
CREATE TRIGGER variant_price_tiers_log_changed AFTER UPDATE ON variant_price_tiers REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_tiers();--> statement-breakpoint
CREATE TRIGGER variant_price_tiers_log_removed AFTER DELETE ON variant_price_tiers REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_tiers();
