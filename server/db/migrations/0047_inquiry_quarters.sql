-- The dashboard's requests per day, in the last 7 days and this month count calendar days in the
-- seller's TIMEZONE, and inquiry_days counted UTC days: a request at 5 pm in Los Angeles landed on
-- the next day's bar. Requests are kept per quarter hour of UTC instead. Every zone's offset today
-- is a whole number of quarter hours, so every local midnight is a bucket's start and a local day
-- or month is a run of whole buckets, whatever TIMEZONE is and if it changes.
-- The one bucketing rule: the quarter hour of UTC an instant falls in (the triggers below and the
-- dashboard's rolling week use it).
CREATE FUNCTION stockroom_quarter_hour(t timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_bin('15 minutes', t, timestamptz '2000-01-01 00:00+00')
$$;--> statement-breakpoint
CREATE TABLE "inquiry_quarters" (
	"at" timestamp with time zone PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO inquiry_quarters (at, n)
  SELECT stockroom_quarter_hour(created_at), count(*) FROM inquiries GROUP BY 1;--> statement-breakpoint
DROP TRIGGER inquiries_days_added ON inquiries;--> statement-breakpoint
DROP TRIGGER inquiries_days_removed ON inquiries;--> statement-breakpoint
DROP TRIGGER inquiries_days_moved ON inquiries;--> statement-breakpoint
DROP FUNCTION stockroom_inquiry_days_added();--> statement-breakpoint
DROP FUNCTION stockroom_inquiry_days_removed();--> statement-breakpoint
DROP FUNCTION stockroom_inquiry_days_moved();--> statement-breakpoint
CREATE OR REPLACE FUNCTION stockroom_rows_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_counts SET n = 0, version = version + 1 WHERE table_name = TG_TABLE_NAME;
  IF TG_TABLE_NAME = 'inquiries' THEN DELETE FROM inquiry_quarters; END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TABLE inquiry_days;--> statement-breakpoint
CREATE FUNCTION stockroom_inquiry_quarters_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inquiry_quarters AS q (at, n)
    SELECT stockroom_quarter_hour(created_at), count(*)::int FROM added GROUP BY 1
  ON CONFLICT (at) DO UPDATE SET n = q.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION stockroom_inquiry_quarters_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inquiry_quarters q SET n = q.n - c.n
    FROM (SELECT stockroom_quarter_hour(created_at) AS at, count(*)::int AS n
          FROM removed GROUP BY 1) c
    WHERE q.at = c.at;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only a statement that moves created_at across a bucket's edge writes: the app's updates (status,
-- owner, notes) sum to zero in every bucket and touch no counter row.
CREATE FUNCTION stockroom_inquiry_quarters_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inquiry_quarters AS q (at, n)
    SELECT at, sum(k)::int FROM (
      SELECT stockroom_quarter_hour(created_at) AS at, 1 AS k FROM added
      UNION ALL
      SELECT stockroom_quarter_hour(created_at), -1 FROM removed) c
    GROUP BY at HAVING sum(k) <> 0
  ON CONFLICT (at) DO UPDATE SET n = q.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER inquiries_quarters_added AFTER INSERT ON inquiries REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_inquiry_quarters_added();--> statement-breakpoint
CREATE TRIGGER inquiries_quarters_removed AFTER DELETE ON inquiries REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_inquiry_quarters_removed();--> statement-breakpoint
CREATE TRIGGER inquiries_quarters_moved AFTER UPDATE ON inquiries REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_inquiry_quarters_moved();
