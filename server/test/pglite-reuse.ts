import pg from 'pg';
import { connectPglite, type Database, startPglite } from '../db/client';

/**
 * Embedded databases handed from one test file to the next within a Vitest worker, instead of a
 * new one loaded from the migrated dump for each file (most of a small file's time).
 *
 * A file gets a database as the dump left it: between files every table is emptied and given back
 * the rows the migrations wrote, sequences are set back, schemas a file added (pg-boss's queue,
 * injected faults) are dropped, and the session is discarded. A file that changed the migrated
 * schema itself (a table, column, function or trigger added, dropped or disabled) leaves a
 * database that is not reused: it is closed, and the next file gets a fresh one.
 */

type Seeds = {
  schemas: string[];
  /** Every table, quoted and schema-qualified. */
  tables: string[];
  /** Tables that held rows after the migrations: their insertable columns and rows as JSON. */
  rows: { table: string; columns: string; json: string }[];
  sequences: { name: string; value: string; called: boolean }[];
  fingerprint: string;
};

type Server = { port: number; stop: () => Promise<void>; seeds: Seeds };

const idle: Server[] = [];

const USER_SCHEMAS = `select nspname from pg_namespace
  where nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
    and nspname not like 'pg\\_temp\\_%' and nspname not like 'pg\\_toast\\_temp\\_%'`;

// What a test could change of the migrated schema: relations, columns, functions, triggers
// (and whether they are enabled), in the schemas the dump holds.
const FINGERPRINT = `select md5(coalesce(string_agg(item, ',' order by item), '')) as fingerprint from (
  select n.nspname || '.' || c.relname || ':' || c.relkind::text as item
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = any($1)
  union all
  select c.oid::regclass::text || '.' || a.attname || ':' || a.atttypid::text || a.attnotnull::text
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any($1) and a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'p')
  union all
  select p.oid::regprocedure::text || ':' || md5(p.prosrc)
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = any($1)
  union all
  select t.tgrelid::regclass::text || '.' || t.tgname || ':' || t.tgenabled::text
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any($1) and not t.tgisinternal
) items`;

async function withClient<T>(port: number, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function readSeeds(client: pg.Client): Promise<Seeds> {
  const schemas = (await client.query<{ nspname: string }>(USER_SCHEMAS)).rows.map((r) => r.nspname);
  const { rows: tables } = await client.query<{ name: string; columns: string }>(
    `select c.oid::regclass::text as name,
       string_agg(quote_ident(a.attname), ', ' order by a.attnum) as columns
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where n.nspname = any($1) and c.relkind in ('r', 'p')
     group by c.oid order by 1`,
    [schemas],
  );
  const rows: Seeds['rows'] = [];
  for (const table of tables) {
    const { rows: found } = await client.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${table.name} t`,
    );
    if (found[0].json) rows.push({ table: table.name, columns: table.columns, json: found[0].json });
  }
  const { rows: sequences } = await client.query<{ name: string; value: string; called: boolean }>(
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name,
       coalesce(last_value, start_value)::text as value, last_value is not null as called
     from pg_sequences where schemaname = any($1)`,
    [schemas],
  );
  const { rows: print } = await client.query<{ fingerprint: string }>(FINGERPRINT, [schemas]);
  return { schemas, tables: tables.map((t) => t.name), rows, sequences, fingerprint: print[0].fingerprint };
}

/** Puts the database back as the dump left it; false when its schema was changed and it must go. */
async function reset(server: Server): Promise<boolean> {
  const { seeds } = server;
  return withClient(server.port, async (client) => {
    await client.query('rollback');
    await client.query('discard all');
    const schemas = (await client.query<{ nspname: string }>(USER_SCHEMAS)).rows.map((r) => r.nspname);
    for (const extra of schemas.filter((s) => !seeds.schemas.includes(s)))
      await client.query(`drop schema ${pg.escapeIdentifier(extra)} cascade`);
    const { rows } = await client.query<{ fingerprint: string }>(FINGERPRINT, [seeds.schemas]);
    if (rows[0].fingerprint !== seeds.fingerprint) return false;
    // Only the tables that hold rows are emptied, and by DELETE: a TRUNCATE gives every table it
    // empties (and, by cascade, every table that refers to one) new files for it and its indexes,
    // which took longer than the rest of the reset. A file's rows are few; their dead versions
    // cost the next file little.
    const { rows: filled } = await client.query<{ name: string }>(
      seeds.tables
        .map((name) => `select ${pg.escapeLiteral(name)} as name where exists (select from ${name})`)
        .join(' union all '),
    );
    // Triggers and foreign keys are off while the rows go back: they are the rows the migrations
    // wrote, already consistent, and their triggers' own writes are among them.
    await client.query('begin; set local session_replication_role = replica');
    for (const { name } of filled) await client.query(`delete from ${name}`);
    for (const seed of seeds.rows)
      await client.query(
        `insert into ${seed.table} (${seed.columns}) overriding system value
         select ${seed.columns} from json_populate_recordset(null::${seed.table}, $1)`,
        [seed.json],
      );
    await client.query(
      'select setval(name, value, called) from unnest($1::text[], $2::bigint[], $3::bool[]) as s(name, value, called)',
      [
        seeds.sequences.map((q) => q.name),
        seeds.sequences.map((q) => q.value),
        seeds.sequences.map((q) => q.called),
      ],
    );
    // Statistics a file's ANALYZE gathered would steer the next file's plans.
    await client.query(
      `delete from pg_statistic where starelid in
      (select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = any($1))`,
      [seeds.schemas],
    );
    await client.query('commit');
    // The deleted rows' pages stay, and the planner scales its estimates to a table's pages: a
    // list that counts by estimate past a cap would see the previous file's rows. VACUUM drops the
    // emptied pages and records the tables' sizes as they now are.
    if (filled.length) await client.query(`vacuum ${filled.map((f) => f.name).join(', ')}`);
    return true;
  });
}

/**
 * A migrated embedded database for one test file, started from the dump `template` or reused
 * from an earlier file of this worker; its close() hands it back for the next.
 */
export async function borrowPglite(template: string): Promise<Database> {
  let server = idle.pop();
  if (!server) {
    const started = await startPglite(null, template);
    const seeds = await withClient(started.port, readSeeds);
    server = { ...started, seeds };
  }
  const lent = server;
  const database = connectPglite(lent.port, async () => {
    let reusable = false;
    try {
      reusable = await reset(lent);
    } finally {
      if (reusable) idle.push(lent);
      else await lent.stop();
    }
  });
  return database;
}
