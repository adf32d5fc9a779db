/**
 * `npx tsx bench/search/index-size.ts <out.json>`: the tables and indexes whose names speak of
 * search or specs (search, spec, tsv, trgm), or that index such a table, with their sizes
 * (pg_relation_size: each relation's own main fork), on DATABASE_URL or the embedded database in
 * DATA_DIR. Generic on purpose: it reports whatever the migrations have made.
 */
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { withConfiguredDatabase } from '../../server/cli/with-database';
import type { IndexSize } from './search-bench';

const out = process.argv[2];
const code = await withConfiguredDatabase(
  async (database) => {
    const { rows } = await database.db.execute<IndexSize>(sql`
      select c.relname as name,
        case c.relkind when 'r' then 'table' when 'i' then 'index' when 'm' then 'materialized view' end as kind,
        t.relname as of, pg_relation_size(c.oid)::float8 as bytes
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_index x on x.indexrelid = c.oid
      left join pg_class t on t.oid = x.indrelid
      where n.nspname = current_schema() and c.relkind in ('r', 'i', 'm')
        and (c.relname ~ '(search|spec|tsv|trgm)' or t.relname ~ '(search|spec)')
      order by bytes desc, name`);
    writeFileSync(out, JSON.stringify(rows.map((r) => ({ ...r, bytes: Number(r.bytes) }))));
    return 0;
  },
  { migrate: false },
);
process.exit(code);
