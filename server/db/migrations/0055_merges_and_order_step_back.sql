-- A customer's merge moves its portal sign-in links and sessions to the survivor too, and may hand
-- on the source's "sees the company's" when the survivor ends in the same company: what moved is
-- kept beside the requests, orders and notes, so that undoing the merge puts exactly that back.
ALTER TABLE "customer_merges" ADD COLUMN "link_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD COLUMN "session_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD COLUMN "filled_sees_company" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- An order taken one step back (order.manage) records why; a move forward leaves it null.
ALTER TABLE "order_events" ADD COLUMN "step_back_reason" text;--> statement-breakpoint
-- The built-in Admin role gains order.manage as domain/permissions.ts gives it.
UPDATE roles SET permissions = permissions || ARRAY['order.manage']::text[]
  WHERE built_in AND key = 'admin' AND NOT 'order.manage' = ANY(permissions);
