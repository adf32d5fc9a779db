-- Every write to what the inbox's search reads (a request, its basket lines) announces itself on
-- the 'stockroom_inbox' channel when its transaction commits, so every Stockroom process drops
-- the search pages it keeps. One notification per statement, as the catalogue's (migration 0005).
CREATE FUNCTION stockroom_inbox_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('stockroom_inbox', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER inquiries_inbox_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON inquiries FOR EACH STATEMENT EXECUTE FUNCTION stockroom_inbox_changed();--> statement-breakpoint
CREATE TRIGGER inquiry_lines_inbox_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON inquiry_lines FOR EACH STATEMENT EXECUTE FUNCTION stockroom_inbox_changed();
