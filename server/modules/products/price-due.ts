/**
 * The CTEs that keep product_price_due in step after a write priced its rows in the same
 * statement: given a CTE `priced` with each row's `id` and `until` (when its price next changes,
 * from stockroom_prices), a row with an edge ahead is due then, and a row without one is due
 * never. A row already due at the same moment is left alone: rewriting it changed nothing and,
 * in an edit of every product, was most of the upsert's time.
 */
export const PRICE_DUE_CTES = `due as (
    insert into product_price_due (product_id, due)
    select id, until from priced where until is not null
    on conflict (product_id) do update set due = excluded.due
      where product_price_due.due is distinct from excluded.due
  ), settled as (
    delete from product_price_due d using priced where d.product_id = priced.id and priced.until is null
  )`;
