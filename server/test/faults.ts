import type pg from 'pg';

/**
 * Every row of every table in the public schema, as sorted JSON per table: two snapshots are
 * equal exactly when no row was added, removed or changed. (Sequences are not rows: a rolled-back
 * insert still uses up its id, as PostgreSQL documents.)
 */
export async function snapshotTables(pool: pg.Pool): Promise<Record<string, string[]>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const snapshot: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await pool.query<{ r: string }>(`select to_jsonb(t)::text as r from "${name}" t`);
    snapshot[name] = rows.map((row) => row.r).sort();
  }
  return snapshot;
}

export type Fault = {
  table: string;
  on: 'insert' | 'update' | 'delete';
  /** The row (counted across the whole operation) whose write fails: 1 is the first. */
  atRow: number;
  /** SQLSTATE raised; P0001 (raise_exception) by default, i.e. an unexpected internal error. */
  sqlstate?: string;
};

/**
 * Makes the Nth row written to a table fail, from inside the database, with no hook in the
 * application: a plpgsql trigger in a schema of its own (so snapshots do not see its state).
 * Works the same on PGlite and PostgreSQL. Returns a function that removes it.
 */
export async function injectFault(pool: pg.Pool, fault: Fault): Promise<() => Promise<void>> {
  const sqlstate = fault.sqlstate ?? 'P0001';
  if (!/^[0-9A-Z]{5}$/.test(sqlstate) || !/^[a-z_]+$/.test(fault.table)) throw new Error('bad fault');
  await pool.query(`create schema if not exists fault`);
  await pool.query(`create table if not exists fault.plan (id int primary key, remaining int not null)`);
  await pool.query(
    `insert into fault.plan values (1, $1) on conflict (id) do update set remaining = excluded.remaining`,
    [fault.atRow],
  );
  await pool.query(`
    create or replace function fault.fail() returns trigger language plpgsql as $$
    declare left_ int;
    begin
      update fault.plan set remaining = remaining - 1 where id = 1 returning remaining into left_;
      if left_ <= 0 then
        raise exception 'injected fault on % of %', tg_op, tg_table_name using errcode = tg_argv[0];
      end if;
      if tg_op = 'DELETE' then return old; end if;
      return new;
    end $$`);
  await pool.query(
    `create trigger fault_inject before ${fault.on} on "${fault.table}"
     for each row execute function fault.fail('${sqlstate}')`,
  );
  return async () => {
    await pool.query(`drop trigger if exists fault_inject on "${fault.table}"`);
    await pool.query(`drop schema fault cascade`);
  };
}
