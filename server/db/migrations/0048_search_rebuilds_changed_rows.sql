-- A statement on products that names a searched column rebuilds the search rows of the products
-- whose searched columns it changed, not of every row it wrote: the bulk price edit writes each
-- product's brand and category back as they were, and an import's update writes every column of
-- every row, and both rebuilt every document they touched (most of their time at 100,000 rows).
CREATE OR REPLACE FUNCTION stockroom_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    IF current_setting('stockroom.search', true) IS DISTINCT FROM 'due' THEN
      RETURN NULL;
    END IF;
    PERFORM set_config('stockroom.search', '', true);
    PERFORM stockroom_search_refresh(array(
      SELECT a.id FROM added a JOIN removed r ON r.id = a.id
      WHERE (a.name, a.sku, a.description, a.brand_id, a.category_id)
        IS DISTINCT FROM (r.name, r.sku, r.description, r.brand_id, r.category_id)));
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
DROP TRIGGER products_search_changed ON products;--> statement-breakpoint
CREATE TRIGGER products_search_changed AFTER UPDATE ON products REFERENCING NEW TABLE AS added
  OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_search_changed();
