-- The buyer's language on a request (docs/decisions/0036-buyer-language.md): everything the buyer
-- receives about it is written in it. Older requests, and a row written without one, take the
-- shop's default language (LOCALES' first), which the migration runner passes in as
-- stockroom.default_locale; 'en' where none is given.
DO $$
BEGIN
  EXECUTE format('ALTER TABLE "inquiries" ADD COLUMN "locale" text DEFAULT %L NOT NULL',
    coalesce(nullif(current_setting('stockroom.default_locale', true), ''), 'en'));
END $$;--> statement-breakpoint
-- A change of the buyer's language by staff is in the request's history (from and to: the codes).
ALTER TABLE "inquiry_events" DROP CONSTRAINT "inquiry_events_kind_check";--> statement-breakpoint
ALTER TABLE "inquiry_events" ADD CONSTRAINT "inquiry_events_kind_check" CHECK ("inquiry_events"."kind" in ('status', 'owner', 'quote_expired', 'approval_requested', 'quote_approved', 'quote_rejected', 'locale'));
