-- Pricing walked up the category tree for every product it priced (a recursive CTE per row: about
-- half of a search page's planning and a third of its execution). Each category now keeps its
-- chain (ancestors' ids and its own, root first), set by triggers so that every writer keeps it
-- right: the app, the seed, scripts, and the foreign key's ON DELETE SET NULL.
ALTER TABLE "categories" ADD COLUMN "chain" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
WITH RECURSIVE t(id, chain) AS (
  SELECT id, ARRAY[id] FROM categories WHERE parent_id IS NULL
  UNION ALL
  SELECT c.id, t.chain || c.id FROM categories c JOIN t ON c.parent_id = t.id
)
UPDATE categories c SET chain = t.chain FROM t WHERE c.id = t.id;--> statement-breakpoint
-- A new or moved category takes its parent's chain plus itself.
CREATE FUNCTION stockroom_category_chain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.chain := coalesce((SELECT chain FROM categories WHERE id = NEW.parent_id), '{}'::integer[]) || NEW.id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER categories_chain_set BEFORE INSERT OR UPDATE OF parent_id ON categories
  FOR EACH ROW EXECUTE FUNCTION stockroom_category_chain();--> statement-breakpoint
-- A changed chain passes down to the children, and through their own change to theirs.
CREATE FUNCTION stockroom_category_chain_down() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE categories SET chain = NEW.chain || id WHERE parent_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Not "UPDATE OF chain": a chain set by the BEFORE trigger is not a column the UPDATE names.
CREATE TRIGGER categories_chain_down AFTER UPDATE ON categories
  FOR EACH ROW WHEN (OLD.chain IS DISTINCT FROM NEW.chain) EXECUTE FUNCTION stockroom_category_chain_down();
