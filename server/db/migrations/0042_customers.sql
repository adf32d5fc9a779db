-- Customers and companies (ADR 0022): every request belongs to the customer its e-mail names
-- (case-insensitive), created on its first request; a customer may belong to a company, matched
-- by name. The database links each new request itself, whichever path writes it (the form, the
-- basket, the demo, an import), so no writer can forget to.
CREATE TABLE "companies" (
  "id" serial PRIMARY KEY NOT NULL,
  "name" text NOT NULL,
  "phone" text,
  "website" text,
  "address" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_key" ON "companies" USING btree (lower(btrim("name")));--> statement-breakpoint
CREATE TABLE "customers" (
  "id" serial PRIMARY KEY NOT NULL,
  "email" text NOT NULL,
  "name" text NOT NULL,
  "phone" text,
  "company_id" integer,
  -- A customer merged into another keeps its row so that its e-mail still leads to the one it
  -- became: a later request from that address joins the surviving customer.
  "merged_into_id" integer,
  -- Whether this buyer sees the requests, quotes and orders of the whole company in the portal.
  "sees_company" boolean DEFAULT false NOT NULL,
  -- Kept by the triggers below from the customer's requests and orders, so the list sorts by
  -- them through an index.
  "request_count" integer DEFAULT 0 NOT NULL,
  "last_request_at" timestamp with time zone,
  "order_count" integer DEFAULT 0 NOT NULL,
  "accepted_value" numeric(14, 2) DEFAULT '0' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_merged_into_id_customers_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_key" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "customers_company_idx" ON "customers" USING btree ("company_id", "id") WHERE "merged_into_id" IS NULL;--> statement-breakpoint
CREATE INDEX "customers_merged_into_idx" ON "customers" USING btree ("merged_into_id") WHERE "merged_into_id" IS NOT NULL;--> statement-breakpoint
-- The list's sorts, each in its tie-break order.
CREATE INDEX "customers_last_request_idx" ON "customers" USING btree ("last_request_at", "id") WHERE "merged_into_id" IS NULL;--> statement-breakpoint
CREATE INDEX "customers_request_count_idx" ON "customers" USING btree ("request_count", "id") WHERE "merged_into_id" IS NULL;--> statement-breakpoint
CREATE INDEX "customers_accepted_value_idx" ON "customers" USING btree ("accepted_value", "id") WHERE "merged_into_id" IS NULL;--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree (lower("name"), "id") WHERE "merged_into_id" IS NULL;--> statement-breakpoint
-- The list's and the palette's search (name, e-mail, phone, company name).
CREATE INDEX "customers_name_trgm" ON "customers" USING gin ("name" gin_trgm_ops) WITH (fastupdate = false);--> statement-breakpoint
CREATE INDEX "customers_email_trgm" ON "customers" USING gin ("email" gin_trgm_ops) WITH (fastupdate = false);--> statement-breakpoint
CREATE INDEX "customers_phone_trgm" ON "customers" USING gin ("phone" gin_trgm_ops) WITH (fastupdate = false);--> statement-breakpoint
CREATE INDEX "companies_name_trgm" ON "companies" USING gin ("name" gin_trgm_ops) WITH (fastupdate = false);--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_customer_idx" ON "inquiries" USING btree ("customer_id", "created_at", "id");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id", "created_at", "id");--> statement-breakpoint
-- Staff notes on a customer and on a company, like a request's and an order's.
CREATE TABLE "customer_notes" (
  "id" serial PRIMARY KEY NOT NULL,
  "customer_id" integer NOT NULL,
  "author_id" integer,
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("customer_id", "id");--> statement-breakpoint
CREATE INDEX "customer_notes_author_idx" ON "customer_notes" USING btree ("author_id");--> statement-breakpoint
CREATE TABLE "company_notes" (
  "id" serial PRIMARY KEY NOT NULL,
  "company_id" integer NOT NULL,
  "author_id" integer,
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "company_notes" ADD CONSTRAINT "company_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_notes" ADD CONSTRAINT "company_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_notes_company_idx" ON "company_notes" USING btree ("company_id", "id");--> statement-breakpoint
CREATE INDEX "company_notes_author_idx" ON "company_notes" USING btree ("author_id");--> statement-breakpoint
-- What a merge moved, so that restoring it from the history puts back exactly that: the
-- requests and orders it moved, and the phone and company it filled in on the survivor. `tx` is
-- the merge's transaction, which its change-log entries carry too.
CREATE TABLE "customer_merges" (
  "id" serial PRIMARY KEY NOT NULL,
  "source_id" integer NOT NULL,
  "into_id" integer NOT NULL,
  "inquiry_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
  "order_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
  "note_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
  "filled_phone" text,
  "filled_company_id" integer,
  "actor_id" integer,
  "tx" bigint DEFAULT txid_current() NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "undone_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_source_id_customers_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_into_id_customers_id_fk" FOREIGN KEY ("into_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_merges_tx_idx" ON "customer_merges" USING btree ("tx");--> statement-breakpoint
CREATE INDEX "customer_merges_source_idx" ON "customer_merges" USING btree ("source_id", "id");--> statement-breakpoint
CREATE INDEX "customer_merges_into_idx" ON "customer_merges" USING btree ("into_id");--> statement-breakpoint
-- The company a name names, made on first sight; null for a blank name.
CREATE FUNCTION stockroom_company_for(company_name text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  found integer;
BEGIN
  IF company_name IS NULL OR btrim(company_name) = '' THEN
    RETURN NULL;
  END IF;
  SELECT id INTO found FROM companies WHERE lower(btrim(name)) = lower(btrim(company_name));
  IF found IS NULL THEN
    -- A parallel request may make the same company: the unique index decides, then we read it.
    INSERT INTO companies (name) VALUES (btrim(company_name)) ON CONFLICT DO NOTHING RETURNING id INTO found;
    IF found IS NULL THEN
      SELECT id INTO found FROM companies WHERE lower(btrim(name)) = lower(btrim(company_name));
    END IF;
  END IF;
  RETURN found;
END
$$;--> statement-breakpoint
-- A new request's customer: the one its e-mail names (or the one that customer was merged into),
-- else a new one with the request's contact details. A known customer's blank phone and company
-- are filled from the request; what staff entered is never overwritten.
CREATE FUNCTION stockroom_inquiry_customer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found customers%ROWTYPE;
BEGIN
  IF NEW.customer_id IS NOT NULL THEN
    RETURN NEW;
  END IF;
  -- Locked, so that a merge in progress is waited for and then followed: read unlocked, a
  -- request could join the customer a merge was moving away from. The counters' update locks the
  -- row anyway, so this serialises nothing that was not.
  SELECT * INTO found FROM customers WHERE lower(email) = lower(NEW.email) FOR NO KEY UPDATE;
  IF found.id IS NULL THEN
    INSERT INTO customers (email, name, phone, company_id)
      VALUES (NEW.email, NEW.name, NEW.phone, stockroom_company_for(NEW.company))
      ON CONFLICT DO NOTHING RETURNING * INTO found;
    IF found.id IS NULL THEN
      SELECT * INTO found FROM customers WHERE lower(email) = lower(NEW.email) FOR NO KEY UPDATE;
    END IF;
  END IF;
  WHILE found.merged_into_id IS NOT NULL LOOP
    SELECT * INTO found FROM customers WHERE id = found.merged_into_id FOR NO KEY UPDATE;
  END LOOP;
  IF (found.phone IS NULL AND NEW.phone IS NOT NULL)
     OR (found.company_id IS NULL AND coalesce(btrim(NEW.company), '') <> '') THEN
    UPDATE customers
      SET phone = coalesce(phone, NEW.phone),
          company_id = coalesce(company_id, stockroom_company_for(NEW.company)),
          updated_at = now()
      WHERE id = found.id;
  END IF;
  NEW.customer_id := found.id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER inquiries_customer BEFORE INSERT ON inquiries FOR EACH ROW EXECUTE FUNCTION stockroom_inquiry_customer();--> statement-breakpoint
-- An order belongs to its request's customer.
CREATE FUNCTION stockroom_order_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.customer_id IS NULL AND NEW.inquiry_id IS NOT NULL THEN
    SELECT customer_id INTO NEW.customer_id FROM inquiries WHERE id = NEW.inquiry_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_customer BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION stockroom_order_customer();--> statement-breakpoint
-- The counters the list sorts by, counted again for the customers a statement touched: a
-- customer has few requests and orders, each found through its index.
CREATE FUNCTION stockroom_customer_recount(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE customers c SET
    request_count = r.n, last_request_at = r.last, order_count = o.n, accepted_value = o.value
  FROM unnest(ids) AS t(id)
  CROSS JOIN LATERAL (SELECT count(*)::integer AS n, max(i.created_at) AS last FROM inquiries i WHERE i.customer_id = t.id) r
  CROSS JOIN LATERAL (
    SELECT count(*)::integer AS n, coalesce(sum(x.total), 0) AS value
    FROM orders x WHERE x.customer_id = t.id AND x.status <> 'cancelled'
  ) o
  WHERE c.id = t.id
    AND (c.request_count, c.last_request_at, c.order_count, c.accepted_value)
      IS DISTINCT FROM (r.n, r.last, o.n, o.value)
$$;--> statement-breakpoint
-- An update's transition tables are read once each, grouped by row, never joined (docs/triggers.md).
CREATE FUNCTION stockroom_customer_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT customer_id) INTO ids FROM added WHERE customer_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT customer_id) INTO ids FROM removed WHERE customer_id IS NOT NULL;
  ELSIF TG_TABLE_NAME = 'orders' THEN
    SELECT array_agg(DISTINCT c) INTO ids FROM (
      SELECT array_agg(customer_id) AS cs FROM (
        SELECT id, customer_id, status, total FROM removed UNION ALL SELECT id, customer_id, status, total FROM added
      ) b GROUP BY id HAVING count(DISTINCT (coalesce(customer_id, 0), status, total)) > 1
    ) t, unnest(t.cs) AS c WHERE c IS NOT NULL;
  ELSE
    SELECT array_agg(DISTINCT c) INTO ids FROM (
      SELECT array_agg(customer_id) AS cs FROM (
        SELECT id, customer_id FROM removed UNION ALL SELECT id, customer_id FROM added
      ) b GROUP BY id HAVING count(DISTINCT coalesce(customer_id, 0)) > 1
    ) t, unnest(t.cs) AS c WHERE c IS NOT NULL;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM stockroom_customer_recount(ids);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER inquiries_customer_counted_in AFTER INSERT ON inquiries REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_customer_counts();--> statement-breakpoint
CREATE TRIGGER inquiries_customer_counted_moved AFTER UPDATE ON inquiries REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_customer_counts();--> statement-breakpoint
CREATE TRIGGER inquiries_customer_counted_out AFTER DELETE ON inquiries REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_customer_counts();--> statement-breakpoint
CREATE TRIGGER orders_customer_counted_in AFTER INSERT ON orders REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_customer_counts();--> statement-breakpoint
CREATE TRIGGER orders_customer_counted_moved AFTER UPDATE ON orders REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_customer_counts();--> statement-breakpoint
CREATE TRIGGER orders_customer_counted_out AFTER DELETE ON orders REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_customer_counts();--> statement-breakpoint
-- Staff edits to customers and companies are in the change log with who made them; the counters
-- are the triggers' own bookkeeping, not anyone's change.
CREATE TRIGGER customers_log_added AFTER INSERT ON customers REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_rows('customer', 'request_count', 'last_request_at', 'order_count', 'accepted_value');--> statement-breakpoint
CREATE TRIGGER customers_log_changed AFTER UPDATE ON customers REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_rows('customer', 'request_count', 'last_request_at', 'order_count', 'accepted_value');--> statement-breakpoint
CREATE TRIGGER customers_log_removed AFTER DELETE ON customers REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_rows('customer', 'request_count', 'last_request_at', 'order_count', 'accepted_value');--> statement-breakpoint
CREATE TRIGGER companies_log_added AFTER INSERT ON companies REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_rows('company');--> statement-breakpoint
CREATE TRIGGER companies_log_changed AFTER UPDATE ON companies REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_rows('company');--> statement-breakpoint
CREATE TRIGGER companies_log_removed AFTER DELETE ON companies REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_rows('company');--> statement-breakpoint
-- A note is logged as its customer's or company's change, like a request's notes.
CREATE TRIGGER customer_notes_log_added AFTER INSERT ON customer_notes REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_children('customer', 'customer_id', 'notes');--> statement-breakpoint
CREATE TRIGGER customer_notes_log_changed AFTER UPDATE ON customer_notes REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_children('customer', 'customer_id', 'notes');--> statement-breakpoint
CREATE TRIGGER customer_notes_log_removed AFTER DELETE ON customer_notes REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_children('customer', 'customer_id', 'notes');--> statement-breakpoint
CREATE TRIGGER company_notes_log_added AFTER INSERT ON company_notes REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_children('company', 'company_id', 'notes');--> statement-breakpoint
CREATE TRIGGER company_notes_log_changed AFTER UPDATE ON company_notes REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_children('company', 'company_id', 'notes');--> statement-breakpoint
CREATE TRIGGER company_notes_log_removed AFTER DELETE ON company_notes REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stockroom_log_children('company', 'company_id', 'notes');--> statement-breakpoint
-- Existing requests: one customer per e-mail, with the contact details of its latest request,
-- and one company per name. The history does not record this as anyone's change.
SET LOCAL stockroom.history = 'off';--> statement-breakpoint
INSERT INTO companies (name)
  SELECT DISTINCT ON (lower(btrim(company))) btrim(company) FROM inquiries
  WHERE coalesce(btrim(company), '') <> '' ORDER BY lower(btrim(company)), created_at DESC;--> statement-breakpoint
INSERT INTO customers (email, name, phone, company_id, created_at)
  SELECT DISTINCT ON (lower(i.email)) i.email, i.name,
    (SELECT p.phone FROM inquiries p WHERE lower(p.email) = lower(i.email) AND p.phone IS NOT NULL ORDER BY p.created_at DESC LIMIT 1),
    (SELECT co.id FROM inquiries p JOIN companies co ON lower(btrim(co.name)) = lower(btrim(p.company))
      WHERE lower(p.email) = lower(i.email) ORDER BY p.created_at DESC LIMIT 1),
    (SELECT min(p.created_at) FROM inquiries p WHERE lower(p.email) = lower(i.email))
  FROM inquiries i ORDER BY lower(i.email), i.created_at DESC;--> statement-breakpoint
UPDATE inquiries i SET customer_id = c.id FROM customers c WHERE lower(c.email) = lower(i.email);--> statement-breakpoint
UPDATE orders o SET customer_id = i.customer_id FROM inquiries i WHERE i.id = o.inquiry_id;--> statement-breakpoint
UPDATE orders o SET customer_id = c.id FROM customers c WHERE o.customer_id IS NULL AND lower(c.email) = lower(o.customer_email);--> statement-breakpoint
-- The built-in roles gain the customers' rights as domain/permissions.ts gives them (a role an
-- admin already gave them to keeps its array as it is).
UPDATE roles SET permissions = permissions || ARRAY['customer.read', 'customer.edit']::text[]
  WHERE built_in AND key IN ('admin', 'editor', 'sales') AND NOT 'customer.read' = ANY(permissions);--> statement-breakpoint
UPDATE roles SET permissions = permissions || ARRAY['customer.read']::text[]
  WHERE built_in AND key = 'viewer' AND NOT 'customer.read' = ANY(permissions);--> statement-breakpoint
RESET stockroom.history;
