-- Move up/down trades sort orders with the neighbouring sibling; two siblings on the same value
-- (2 and 2) had nothing to trade. The children of each parent holding a tie are numbered 0..n-1
-- in the list's order (sort_order, then id); parents without ties keep their values.
WITH tied AS (
  SELECT parent_id FROM categories GROUP BY parent_id, sort_order HAVING count(*) > 1
), ranked AS (
  SELECT c.id, (row_number() OVER (PARTITION BY c.parent_id ORDER BY c.sort_order, c.id) - 1)::int AS n
  FROM categories c
  WHERE EXISTS (SELECT 1 FROM tied t WHERE t.parent_id IS NOT DISTINCT FROM c.parent_id)
)
UPDATE categories c SET sort_order = r.n FROM ranked r WHERE c.id = r.id AND c.sort_order <> r.n;
