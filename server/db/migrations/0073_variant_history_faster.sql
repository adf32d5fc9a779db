-- The variants' history, as 0057 wrote it, for less: a bulk price change of 300,000 variants spent
-- most of its time here. Each value's name is joined once (three hash joins) where a subquery per
-- row and option looked it up; the entries are built as json and made jsonb once per product,
-- where a jsonb object per row was built and parsed again into each array; and the arrays take
-- their order from rows sorted once, by product and id, where an ORDER BY in each aggregate
-- sorted every product's few rows apart. The entries written are the same.
CREATE OR REPLACE FUNCTION stockroom_log_variants() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows_sql text;
BEGIN
  IF current_setting('stockroom.history', true) = 'off' THEN
    RETURN NULL;
  END IF;
  rows_sql := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS side, a.* FROM added a'
    WHEN 'DELETE' THEN 'SELECT 0 AS side, r.* FROM removed r'
    ELSE 'SELECT 0 AS side, r.* FROM removed r UNION ALL SELECT 1, a.* FROM added a' END;
  EXECUTE stockroom_log_sql('SELECT pid, ''update'', jsonb_build_object(''variants'', jsonb_build_object(''before'', o::jsonb, ''after'', n::jsonb)) '
    || 'FROM (SELECT s.product_id AS pid, '
    || 'json_agg(j) FILTER (WHERE side = 0) AS o, '
    || 'json_agg(j) FILTER (WHERE side = 1) AS n '
    || 'FROM (SELECT x.side, x.id, x.product_id, json_build_object(''id'', x.id, ''title'', '
    || 'concat_ws('' / '', v1.value, v2.value, v3.value), '
    || '''sku'', x.sku, ''mrp'', x.mrp, ''status'', x.status, ''image_id'', x.image_id, ''position'', x.position) AS j '
    || 'FROM (' || rows_sql || ') x '
    || 'LEFT JOIN product_option_values v1 ON v1.id = x.option1_value_id '
    || 'LEFT JOIN product_option_values v2 ON v2.id = x.option2_value_id '
    || 'LEFT JOIN product_option_values v3 ON v3.id = x.option3_value_id '
    || 'WHERE x.option1_value_id IS NOT NULL ORDER BY x.product_id, x.id) s GROUP BY 1) g '
    || 'WHERE o::text IS DISTINCT FROM n::text', stockroom_log_merging('product'))
    USING 'product';
  RETURN NULL;
END
$$;
