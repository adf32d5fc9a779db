-- A variant's quantity breaks show on the shop's product page: a write to them clears the cached
-- pages of every process, as a write to the variants does.
CREATE TRIGGER variant_price_tiers_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON variant_price_tiers FOR EACH STATEMENT EXECUTE FUNCTION stockroom_catalogue_changed();
