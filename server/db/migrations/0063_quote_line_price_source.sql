-- Where a quote line's start price came from (docs/decisions/0031-customer-prices.md): the
-- customer's price when the line was priced, kept in catalogue_price beside the unit price staff
-- set, and its source here ({ "type": "price_list", "id", "name" }, "tier", "discount" or "list");
-- null for a typed line.
ALTER TABLE "quote_lines" ADD COLUMN "price_source" jsonb;
