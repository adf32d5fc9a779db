-- Webhook events past WEBHOOK_RETENTION_DAYS are pruned by the hourly housekeeping, oldest first
-- (server/modules/webhooks/prune.ts): this index finds them without reading the newer ones.
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at","id");
