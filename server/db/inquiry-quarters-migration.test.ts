import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths';
import { openTestDatabase } from '../test/harness';
import type { Database } from './client';
import { runMigrations } from './migrate';

/**
 * Migration 0047 replaces the requests per UTC day with requests per quarter hour: a database
 * with requests in it, taken from 0046 to the last migration, has each of them in its bucket and
 * no day rows left.
 */
let database: Database;
let before: string;
beforeAll(async () => {
  database = await openTestDatabase();
  before = mkdtempSync(path.join(tmpdir(), 'stockroom-0046-'));
  cpSync(MIGRATIONS_DIR, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < 47);
  writeFileSync(journalFile, JSON.stringify(journal));
  const client = await database.pool.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: before });
  } finally {
    client.release();
  }
});
afterAll(async () => {
  await database.close();
  rmSync(before, { recursive: true, force: true });
});

const rows = async (text: string) => (await database.pool.query(text)).rows;

describe('migration 0047', () => {
  it('counts the requests already made per quarter hour and drops the day rows', async () => {
    await database.pool.query(`insert into inquiries (name, email, subject, message, created_at)
      select 'Old ' || t, 'old@example.com', 's', 'm', t::timestamptz from unnest(array[
        '2026-03-01 07:59:59.999+00', '2026-03-01 08:00:00+00', '2026-03-01 08:14:59.999+00',
        '2026-03-01 08:15:00+00', '2026-03-01 08:15:00+00', '2025-12-31 23:45:00+00']) as t`);
    expect(await rows('select count(*)::int as n from inquiry_days')).toEqual([{ n: 2 }]);

    await runMigrations(database);
    const counted = (await rows('select at, n from inquiry_quarters order by at')).map((r) => [
      new Date(r.at).toISOString(),
      r.n,
    ]);
    expect(counted).toEqual([
      ['2025-12-31T23:45:00.000Z', 1],
      ['2026-03-01T07:45:00.000Z', 1],
      ['2026-03-01T08:00:00.000Z', 2],
      ['2026-03-01T08:15:00.000Z', 2],
    ]);
    expect(await rows("select to_regclass('inquiry_days') as t")).toEqual([{ t: null }]);
  });
});
