-- The discounts list pages on the server, newest first, with a title search and filters by aim
-- and state. Newest first is discounts_created_idx; these serve the rest.
-- The title search (containsAny, ILIKE '%term%'); no pending list, like every trigram index here.
CREATE INDEX "discounts_name_trgm" ON "discounts" USING gin ("name" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
-- applies_to: each aim's discounts in the list's order, read from the index alone up to the page.
CREATE INDEX "discounts_scope_created_idx" ON "discounts" USING btree ("applies_to","created_at","id");--> statement-breakpoint
-- state=off: the switched-off discounts in the list's order. Live, scheduled and ended are active
-- ones by their window: discounts_live_idx (starts_at, ends_at) and discounts_ending_idx (ends_at)
-- already hold those, and most discounts are live, which the list's own order finds at once.
CREATE INDEX "discounts_off_created_idx" ON "discounts" USING btree ("created_at","id") WHERE not "discounts"."active";
