/**
 * The relevance set's database: `npx tsx bench/search/demo-db.ts <out.json>`, on DATABASE_URL or
 * the embedded database in DATA_DIR, as the server reads them. Fills an empty database with the
 * demo catalogue (as `npm run demo` does) and writes to <out.json> the demo's admin account, every
 * product (id, slug, SKU, name, status) and what today's substring search answers each query of the
 * relevance set. It runs in a process of its own and closes the database before the server
 * opens it: an embedded database belongs to one process.
 */
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { prepareDemo } from '../../server/cli/demo';
import { withConfiguredDatabase } from '../../server/cli/with-database';
import type { Db } from '../../server/db/client';
import { relevanceSet } from './relevance';

export type DemoDb = {
  admin: { email: string; password: string };
  products: DemoProduct[];
  /** Today's substring search: each query's slugs, in the shop's order. */
  substring: Record<string, string[]>;
};
export type DemoProduct = { id: number; slug: string; sku: string | null; name: string; status: string };

/** LIKE's wildcards and its escape character taken literally, as the server's search does. */
const likeTerm = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The search the shop and the staff list ran before full-text search: published products whose
 * name or SKU contains the whole query (ILIKE), newest first.
 */
export async function substringSearch(db: Db, q: string, limit = 24): Promise<string[]> {
  const like = likeTerm(q.trim());
  const { rows } = await db.execute<{ slug: string }>(sql`select slug from products
    where status = 'published' and (name ilike ${like} or sku ilike ${like})
    order by created_at desc, id desc limit ${limit}`);
  return rows.map((r) => r.slug);
}

async function main() {
  const out = process.argv[2];
  if (!out) {
    console.error('Usage: npx tsx bench/search/demo-db.ts <out.json>');
    return 2;
  }
  return withConfiguredDatabase(
    async (database, config) => {
      const accounts = await prepareDemo(database, config);
      if (!accounts) throw new Error(`The demo's accounts file is missing in ${config.dataDir}`);
      const { rows: products } = await database.db.execute<DemoProduct>(
        sql`select id, slug, sku, name, status from products order by id`,
      );
      const substring: Record<string, string[]> = {};
      for (const { q } of relevanceSet.queries) substring[q] = await substringSearch(database.db, q);
      const result: DemoDb = { admin: accounts.admin, products, substring };
      writeFileSync(out, JSON.stringify(result));
      return 0;
    },
    { migrate: true },
  );
}

main().then((code) => process.exit(code));
