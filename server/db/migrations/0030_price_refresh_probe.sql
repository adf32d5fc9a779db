-- The refresh of stored prices answers "nothing is due" from the due index's first entry alone
-- (its probe had become a scan of every due row once plans were cached); otherwise as in 0022.
CREATE OR REPLACE FUNCTION stockroom_refresh_prices(at timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  due_ids integer[];
  ids integer[];
  n integer;
BEGIN
  -- The earliest due time, the first entry of product_price_due_idx whatever `at` is. PL/pgSQL
  -- plans a statement generically after a few calls, and the generic plan of "any row with
  -- due <= at" expects a third of the table to match and so scans it, finding none: a cost paid
  -- by every list read that sorts or filters on the price.
  IF coalesce((SELECT min(due) FROM product_price_due) > at, true) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('stockroom_refresh_prices'));
  due_ids := ARRAY(SELECT product_id FROM product_price_due WHERE due <= at FOR UPDATE SKIP LOCKED);
  ids := ARRAY(SELECT p.id FROM products p WHERE p.id = ANY (due_ids) FOR UPDATE SKIP LOCKED);
  -- A new statement, a new snapshot: every row priced here is locked and current.
  WITH priced AS (
    SELECT p.id, f.final, f.discounted, f.until
      FROM products p CROSS JOIN LATERAL stockroom_product_price(p.id, p.mrp, p.brand_id, p.category_id, at) f
      WHERE p.id = ANY (ids) AND cardinality(ids) <= 200
    UNION ALL
    SELECT f.id, f.final, f.discounted, f.until FROM stockroom_prices(at,
        ARRAY(SELECT p.id FROM products p WHERE p.id = ANY (ids) ORDER BY p.id),
        ARRAY(SELECT p.mrp FROM products p WHERE p.id = ANY (ids) ORDER BY p.id),
        ARRAY(SELECT p.brand_id FROM products p WHERE p.id = ANY (ids) ORDER BY p.id),
        ARRAY(SELECT p.category_id FROM products p WHERE p.id = ANY (ids) ORDER BY p.id)) f
      WHERE cardinality(ids) > 200
  ), changed AS (
    UPDATE products p SET price_final = priced.final, price_discounted = priced.discounted
      FROM priced
      WHERE p.id = priced.id AND (p.price_final <> priced.final OR p.price_discounted <> priced.discounted)
  ), ahead AS (
    UPDATE product_price_due d SET due = priced.until
      FROM priced WHERE d.product_id = priced.id AND priced.until IS NOT NULL
  ), done AS (
    DELETE FROM product_price_due d USING priced WHERE d.product_id = priced.id AND priced.until IS NULL
  )
  SELECT count(*)::int INTO n FROM priced;
  RETURN n;
END
$$;
