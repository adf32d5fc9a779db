-- The shop lists published products newest first, alone, by brand or by a category subtree:
-- each list reads its page from one of these partial indexes (drafts are never in them).
CREATE INDEX "products_published_created_idx" ON "products" USING btree ("created_at","id") WHERE "products"."status" = 'published';--> statement-breakpoint
CREATE INDEX "products_published_brand_idx" ON "products" USING btree ("brand_id","created_at","id") WHERE "products"."status" = 'published';--> statement-breakpoint
CREATE INDEX "products_published_category_idx" ON "products" USING btree ("category_id","created_at","id") WHERE "products"."status" = 'published';