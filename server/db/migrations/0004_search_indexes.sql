-- Trigram indexes for the ILIKE searches of the list screens. pg_trgm is a trusted
-- extension: the database owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "brands_name_trgm" ON "brands" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "brands_slug_trgm" ON "brands" USING gin ("slug" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_name_trgm" ON "categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_slug_trgm" ON "categories" USING gin ("slug" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "discounts_created_idx" ON "discounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "inquiries_name_trgm" ON "inquiries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiries_email_trgm" ON "inquiries" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiries_phone_trgm" ON "inquiries" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiries_subject_trgm" ON "inquiries" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_trgm" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_sku_trgm" ON "products" USING gin ("sku" gin_trgm_ops);