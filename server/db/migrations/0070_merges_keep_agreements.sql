-- A customer merge gives the survivor the price lists the merged customer held; what it added is
-- kept here, so that undoing the merge takes away exactly those.
ALTER TABLE "customer_merges" ADD COLUMN "price_list_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;
