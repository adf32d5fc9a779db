-- The desk's counts per status over the whole inbox, kept as requests arrive, move and go, like
-- inquiry_days: grouping every request by status scanned the table on each view of the inbox.
CREATE TABLE "inquiry_status_counts" (
  "status" text PRIMARY KEY NOT NULL,
  "n" integer NOT NULL
);--> statement-breakpoint
INSERT INTO "inquiry_status_counts" ("status", "n")
  SELECT "status", count(*)::int FROM "inquiries" GROUP BY "status";--> statement-breakpoint
CREATE FUNCTION stockroom_inquiry_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM inquiry_status_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO inquiry_status_counts AS c (status, n)
      SELECT status, count(*)::int FROM added GROUP BY status
    ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE inquiry_status_counts c SET n = c.n - r.n
      FROM (SELECT status, count(*)::int AS n FROM removed GROUP BY status) r
      WHERE c.status = r.status;
  ELSE
    -- Only statuses whose count moves are written: an edit that keeps the status (a note, a new
    -- owner) locks no counter row, so it never waits on another request's move.
    INSERT INTO inquiry_status_counts AS c (status, n)
      SELECT status, sum(k)::int FROM (
        SELECT status, 1 AS k FROM added
        UNION ALL
        SELECT status, -1 FROM removed) m
      GROUP BY status HAVING sum(k) <> 0
    ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER inquiries_statuses_added AFTER INSERT ON inquiries REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_inquiry_statuses();--> statement-breakpoint
CREATE TRIGGER inquiries_statuses_removed AFTER DELETE ON inquiries REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_inquiry_statuses();--> statement-breakpoint
CREATE TRIGGER inquiries_statuses_moved AFTER UPDATE ON inquiries REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_inquiry_statuses();--> statement-breakpoint
CREATE TRIGGER inquiries_statuses_reset AFTER TRUNCATE ON inquiries FOR EACH STATEMENT EXECUTE FUNCTION stockroom_inquiry_statuses();
