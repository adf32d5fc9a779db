-- A product's history shows its options and its variants (docs/decisions/0029-product-variants.md):
-- their writes log as the product's update, as its notes or lines do for a request or a quote.
-- A product without options has only its default variant, whose SKU and price are the product's
-- and log there already; so only variants with values are logged, named by their values.
CREATE FUNCTION stockroom_log_variants() RETURNS trigger LANGUAGE plpgsql AS $$
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
  EXECUTE stockroom_log_sql('SELECT pid, ''update'', jsonb_build_object(''variants'', jsonb_build_object(''before'', o, ''after'', n)) '
    || 'FROM (SELECT s.product_id AS pid, '
    || 'jsonb_agg(j ORDER BY s.id) FILTER (WHERE side = 0) AS o, '
    || 'jsonb_agg(j ORDER BY s.id) FILTER (WHERE side = 1) AS n '
    || 'FROM (SELECT x.side, x.id, x.product_id, jsonb_build_object(''id'', x.id, ''title'', '
    || 'concat_ws('' / '', (SELECT value FROM product_option_values WHERE id = x.option1_value_id), '
    || '(SELECT value FROM product_option_values WHERE id = x.option2_value_id), '
    || '(SELECT value FROM product_option_values WHERE id = x.option3_value_id)), '
    || '''sku'', x.sku, ''mrp'', x.mrp, ''status'', x.status, ''image_id'', x.image_id, ''position'', x.position) AS j '
    || 'FROM (' || rows_sql || ') x WHERE x.option1_value_id IS NOT NULL) s GROUP BY 1) g '
    || 'WHERE o IS DISTINCT FROM n', stockroom_log_merging('product'))
    USING 'product';
  RETURN NULL;
END
$$;--> statement-breakpoint
ALTER FUNCTION stockroom_log_variants() SET jit = off;--> statement-breakpoint
CREATE TRIGGER product_variants_log_added AFTER INSERT ON product_variants REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_variants();--> statement-breakpoint
CREATE TRIGGER product_variants_log_changed AFTER UPDATE ON product_variants REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_variants();--> statement-breakpoint
CREATE TRIGGER product_variants_log_removed AFTER DELETE ON product_variants REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_variants();--> statement-breakpoint
-- Options by name and position; their values show in the variants' titles.
CREATE TRIGGER product_options_log_added AFTER INSERT ON product_options REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_children('product', 'product_id', 'options');--> statement-breakpoint
CREATE TRIGGER product_options_log_changed AFTER UPDATE ON product_options REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_children('product', 'product_id', 'options');--> statement-breakpoint
CREATE TRIGGER product_options_log_removed AFTER DELETE ON product_options REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_children('product', 'product_id', 'options');
