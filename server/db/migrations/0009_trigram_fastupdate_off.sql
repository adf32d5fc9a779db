-- New rows go straight into the trigram indexes instead of a pending list that every search
-- reads until vacuum merges it (see the trigram helper in schema.ts). No rebuild: the setting
-- changes, and what is pending now is merged once.
ALTER INDEX "brands_name_trgm" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"brands_name_trgm"'::regclass);--> statement-breakpoint
ALTER INDEX "brands_slug_trgm" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"brands_slug_trgm"'::regclass);--> statement-breakpoint
ALTER INDEX "categories_name_trgm" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"categories_name_trgm"'::regclass);--> statement-breakpoint
ALTER INDEX "categories_slug_trgm" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"categories_slug_trgm"'::regclass);--> statement-breakpoint
ALTER INDEX "inquiries_name_trgm" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"inquiries_name_trgm"'::regclass);--> statement-breakpoint
ALTER INDEX "inquiries_email_trgm" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"inquiries_email_trgm"'::regclass);--> statement-breakpoint
ALTER INDEX "inquiries_phone_trgm" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"inquiries_phone_trgm"'::regclass);--> statement-breakpoint
ALTER INDEX "inquiries_subject_trgm" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"inquiries_subject_trgm"'::regclass);--> statement-breakpoint
ALTER INDEX "products_name_trgm" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"products_name_trgm"'::regclass);--> statement-breakpoint
ALTER INDEX "products_sku_trgm" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"products_sku_trgm"'::regclass);
