-- The inbox finds a request by its company and by the SKUs in its basket too, each through a
-- trigram index of its own like the request's other searched columns (no pending list; see the
-- trigram helper in schema.ts). IF NOT EXISTS: a database that already has them is left as it is.
CREATE INDEX IF NOT EXISTS "inquiries_company_trgm" ON "inquiries" USING gin ("company" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inquiry_lines_sku_trgm" ON "inquiry_lines" USING gin ("sku" gin_trgm_ops) WITH (fastupdate = off);
