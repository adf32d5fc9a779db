-- Scheduled backups (ADR 0024) are recorded as jobs of their own kind: each run's state, file and
-- error, read by the dashboard's health card on any process.
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('product_import', 'backup'));--> statement-breakpoint
CREATE INDEX "jobs_kind_state_idx" ON "jobs" USING btree ("kind","state","created_at");
