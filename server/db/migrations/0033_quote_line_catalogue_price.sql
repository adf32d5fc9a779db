-- A quote line's catalogue price: its product's price (discounts applied) when the line was
-- priced, kept beside the unit price staff may change, so a sent version still shows what a
-- changed price was changed from. Null for a typed line, and for lines written before this.
ALTER TABLE "quote_lines" ADD COLUMN "catalogue_price" numeric(12, 2);
