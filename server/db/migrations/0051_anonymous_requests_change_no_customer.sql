-- An anonymous request changes nothing that belongs to someone else (ADR 0022). Anyone can send
-- the shop's form with any e-mail address and any company name, so the request keeps what was
-- typed and the customer it joins stays as it was: a known customer's phone, company and "sees
-- the company's" are never filled or moved by a request, and a first-time address is never
-- joined to a company that already exists (whose buyers could then read its quotes). A new
-- customer gets a company of its own only when the name names no company yet. Staff link
-- customers to companies.
DROP FUNCTION IF EXISTS stockroom_company_for(text);--> statement-breakpoint
-- A company made for a name no company has yet; null for a blank or taken name.
CREATE FUNCTION stockroom_new_company(company_name text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  made integer;
BEGIN
  IF company_name IS NULL OR btrim(company_name) = '' THEN
    RETURN NULL;
  END IF;
  -- The unique index on the trimmed lower-case name decides between this and a parallel request.
  INSERT INTO companies (name) VALUES (btrim(company_name)) ON CONFLICT DO NOTHING RETURNING id INTO made;
  RETURN made;
END
$$;--> statement-breakpoint
-- A new request's customer: the one its e-mail names (or the one that customer was merged into),
-- else a new one with the request's name and phone, in a company of its own when the request
-- names one no company has. A known customer is never changed by a request.
CREATE OR REPLACE FUNCTION stockroom_inquiry_customer() RETURNS trigger LANGUAGE plpgsql AS $$
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
    -- Only a customer this request makes gets a company, and only a company made now. (Should a
    -- parallel first request of the same address win the insert, the company is left with nobody.)
    INSERT INTO customers (email, name, phone, company_id)
      VALUES (NEW.email, NEW.name, NEW.phone, stockroom_new_company(NEW.company))
      ON CONFLICT DO NOTHING RETURNING * INTO found;
    IF found.id IS NULL THEN
      SELECT * INTO found FROM customers WHERE lower(email) = lower(NEW.email) FOR NO KEY UPDATE;
    END IF;
  END IF;
  WHILE found.merged_into_id IS NOT NULL LOOP
    SELECT * INTO found FROM customers WHERE id = found.merged_into_id FOR NO KEY UPDATE;
  END LOOP;
  NEW.customer_id := found.id;
  RETURN NEW;
END
$$;
