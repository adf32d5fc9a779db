import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../paths';
import { openTestDatabase } from '../test/harness';
import type { Database } from './client';

/**
 * docs/triggers.md is where the rules kept in the database are written down. A trigger or
 * function added, dropped or moved to another table by a migration must show there too, so the
 * page is checked against a migrated database: its counts, every stockroom_* function, and, for
 * each trigger, its table on its function's row of the summary.
 */
const doc = readFileSync(path.join(ROOT, 'docs', 'triggers.md'), 'utf8');
const summaryRows = doc.split('\n').filter((line) => line.startsWith('| `stockroom_'));

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase({ migrated: true });
});
afterAll(() => database.close());

async function rows<T>(text: string): Promise<T[]> {
  return (await database.pool.query(text)).rows as T[];
}

describe('docs/triggers.md', () => {
  it('names every function of ours, and only those, with their number', async () => {
    const functions = (
      await rows<{ name: string }>(`select proname as name from pg_proc
        where pronamespace = current_schema()::regnamespace and proname like 'stockroom\\_%'`)
    ).map((r) => r.name);
    const named = new Set(doc.match(/stockroom_[a-z_]+(?=\()/g));
    expect([...named].sort()).toEqual([...functions].sort());
    expect(doc).toContain(`**${functions.length} functions**`);
  });

  it("counts every trigger, and puts each one's table on its function's summary row", async () => {
    const triggers = await rows<{ trigger: string; table: string; fn: string }>(`
      select t.tgname as trigger, c.relname as table, p.proname as fn
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace`);
    expect(doc).toContain(`**${triggers.length} triggers**`);
    const missing = triggers.filter(
      ({ table, fn }) => !summaryRows.some((row) => row.includes(`\`${fn}(`) && row.includes(`\`${table}\``)),
    );
    expect(missing, 'triggers whose table is not on their function row').toEqual([]);
  });
});
