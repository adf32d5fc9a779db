-- The name sort's deep pages walk products_name_idx up to the page's offset. An index on an
-- expression cannot answer from the index alone unless it also holds the column the expression
-- reads, so every skipped entry cost a visit to the table; with name included, the walk reads the
-- index only.
DROP INDEX "products_name_idx";--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree (lower("name"),"id") INCLUDE ("name");
