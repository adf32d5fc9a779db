-- Every write to a table the public product bundle is assembled from announces itself on the
-- 'stockroom_catalogue' channel when its transaction commits, so every Stockroom process (and
-- the embedded database's own worker) can drop its cached bundles. One notification
-- per statement, not per row: bulk writes stay cheap and PostgreSQL folds duplicates.
CREATE FUNCTION stockroom_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('stockroom_catalogue', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION stockroom_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER product_images_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images FOR EACH STATEMENT EXECUTE FUNCTION stockroom_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER product_lists_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_lists FOR EACH STATEMENT EXECUTE FUNCTION stockroom_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER product_list_items_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_list_items FOR EACH STATEMENT EXECUTE FUNCTION stockroom_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER product_spec_groups_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_spec_groups FOR EACH STATEMENT EXECUTE FUNCTION stockroom_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER product_specs_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_specs FOR EACH STATEMENT EXECUTE FUNCTION stockroom_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER product_tables_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_tables FOR EACH STATEMENT EXECUTE FUNCTION stockroom_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER product_layout_blocks_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_layout_blocks FOR EACH STATEMENT EXECUTE FUNCTION stockroom_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER brands_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands FOR EACH STATEMENT EXECUTE FUNCTION stockroom_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER categories_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION stockroom_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER discounts_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON discounts FOR EACH STATEMENT EXECUTE FUNCTION stockroom_catalogue_changed();
