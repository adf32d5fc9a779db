import { describe, expect, inject, it } from 'vitest';
import type { Database } from '../db/client';
import { borrowPglite } from './pglite-reuse';

const template = inject('pgliteTemplate');

const portOf = (database: Database) =>
  (database.pool as unknown as { options: { port: number } }).options.port;

async function rowsOf(database: Database) {
  // table_counts holds rows the migrations wrote, and the counting triggers move them.
  const { rows } = await database.pool.query<{ users: number; counts: string }>(
    `select (select count(*)::int from users) as users,
       (select json_object_agg(table_name, n order by table_name)::text from table_counts) as counts`,
  );
  return rows[0];
}

describe.skipIf(!template)('embedded databases handed from file to file', () => {
  it('comes back as the migrations left it, and one whose schema changed is not reused', async () => {
    const first = await borrowPglite(template!);
    const migrated = await rowsOf(first);
    const { rows: before } = await first.pool.query<{ id: number }>(
      `insert into brands (name, slug) values ('Acme', 'acme') returning id`,
    );
    await first.pool.query(`create schema scratch; create table scratch.t (x int)`);
    await first.pool.query(
      `insert into users (name, email, password_hash, role) values ('U', 'u@example.com', 'x', 'editor')`,
    );
    expect(await rowsOf(first)).not.toEqual(migrated);
    const port = portOf(first);
    await first.close();

    const second = await borrowPglite(template!);
    expect(portOf(second)).toBe(port);
    expect(await rowsOf(second)).toEqual(migrated);
    const { rows: schemas } = await second.pool.query(`select 1 from pg_namespace where nspname = 'scratch'`);
    expect(schemas).toHaveLength(0);
    // Sequences start again where the migrations left them.
    const { rows: again } = await second.pool.query<{ id: number }>(
      `insert into brands (name, slug) values ('Acme', 'acme') returning id`,
    );
    expect(again[0].id).toBe(before[0].id);
    await second.pool.query(`alter table brands add column extra int`);
    await second.close();

    const third = await borrowPglite(template!);
    expect(portOf(third)).not.toBe(port);
    const { rows: columns } = await third.pool.query(
      `select 1 from information_schema.columns where table_name = 'brands' and column_name = 'extra'`,
    );
    expect(columns).toHaveLength(0);
    await third.close();
  });
});
