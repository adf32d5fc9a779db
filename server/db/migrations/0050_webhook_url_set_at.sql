-- When an endpoint got the URL it has: an event recorded before then was meant for the address
-- before, so a redelivery of it is refused (server/modules/webhooks/webhooks.service.ts). An
-- endpoint from before this column was last changed at its updated_at at the latest.
ALTER TABLE "webhook_endpoints" ADD COLUMN "url_set_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "webhook_endpoints" SET "url_set_at" = "updated_at";
